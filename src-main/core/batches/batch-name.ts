import { counted } from '../../../src-shared/counted';

/**
 * The name a batch is given when none is typed: how many processes, and the minute it was made in
 * this machine's local time ("1 process, 2025-01-15 09:30"). Main runs on the user's own machine
 * (the browser shell serves 127.0.0.1 only), so its clock is the one on the user's screen; the UTC
 * time it used to give put a batch made at 09:30 in Sydney at 22:30 the day before.
 */
export function defaultBatchName(count: number, at: Date): string {
  const two = (part: number) => String(part).padStart(2, '0');
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${counted(count, 'process', 'processes')}, ${day} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
