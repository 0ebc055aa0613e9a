import { serviceTimeMs } from '../../src-shared/service-time';

/** Formatting for dates, durations and sizes as the service writes them (ISO, no zone). */

/** "2026-06-03T09:14:22" → "3 Jun 2026, 09:14:22"; null → "—". */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return value;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(day)} ${months[Number(month) - 1] ?? month} ${year}, ${hour}:${minute}:${second}`;
}

/** The time between two service timestamps, e.g. "2 h 5 min"; open-ended → "running". */
export function formatDuration(start: string | null, end: string | null): string {
  if (!start) return '—';
  if (!end) return 'running';
  const ms = (serviceTimeMs(end) ?? NaN) - (serviceTimeMs(start) ?? NaN);
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** A process status as a person reads it: "InProgress" -> "In progress"; others as they come. */
export function formatStatus(status: string): string {
  const words = status.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0) + words.slice(1).toLowerCase();
}
