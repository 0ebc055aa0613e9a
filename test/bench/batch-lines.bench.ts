/**
 * Benchmark: how long main's one thread takes to sort out the largest pastes and CSVs a batch may
 * be made from (16 MiB), shaped to be slow: nothing but separators, one line of spaces, a CSV of
 * empty rows. Each is parsed by the contract as `batches.create` does, three times; the median is
 * printed. Compared with main before the split counted blank items instead of keeping them and
 * before a line's ends were trimmed without a regex (same machine, 2 cores, Node 24): 16 MiB of
 * commas or of line ends took 2.2 to 2.3 s, a CSV of empty rows 2.2 s, and a line with 100,000
 * spaces inside 7.5 s (one of 16 MiB did not end). Never fails on time (STYLE rule 22).
 */
import { loadavg } from 'node:os';
import { calls } from '../../src-shared/contract';

const MiB = 2 ** 20;
const size = 16 * MiB;
const profileId = '00000000-0000-4000-8000-000000000001';
const sources: [string, Record<string, unknown>][] = [
  ['16 MiB of commas', { text: ','.repeat(size) }],
  ['16 MiB of line ends', { text: '\n'.repeat(size) }],
  ['16 MiB of " ,"', { text: ' ,'.repeat(size / 2) }],
  ['one 16 MiB line, spaces inside', { text: `FT-1${' '.repeat(size - 5)}x` }],
  ['one 16 MiB line of spaces and zero-width spaces', { text: ' \u200B'.repeat(size / 2) }],
  ['a 16 MiB CSV of empty rows', { csv: `Reference${'\n'.repeat(size - 9)}`, column: 'Reference' }],
];

console.log(
  `Load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const [what, input] of sources) {
  const times: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    calls['batches.create'].input.safeParse({ profileId, ...input });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${what}: ${Math.round(times[1]!)} ms (median of 3)`);
}
