import type { BatchRow, BatchSkipCount } from '../../../src-shared/batches';
import type { BatchActionInput } from './batch-action';

/**
 * Which chosen rows a run will not send to, known before it starts: the review counts only the
 * others, the live confirmation asks for that count, and the run queues only those.
 */

/** Why a row at another step is skipped, as the row's outcome says it (review and run alike). */
export function notAtStep(current: { name: string } | null | undefined, stepName: string): string {
  const now = current
    ? `the current step is now "${current.name}"`
    : 'the process has no current step (it is complete)';
  return `Skipped: ${now}, not "${stepName}"; nothing was sent.`;
}

/** A chosen row the run will not send to: the group the review counts it under, and its outcome. */
export interface KnownSkip {
  rowNo: number;
  reason: string;
  /** The row's outcome when the run marks it skipped; null leaves the row as it is (e.g. done). */
  message: string | null;
}

/** The skip `row` is known for, or null when the run will send to it. */
export function knownSkip(
  row: BatchRow,
  action: BatchActionInput,
  doneSinceRead: ReadonlySet<number>,
): KnownSkip | null {
  const { rowNo } = row;
  if (row.read === 'failed') return { rowNo, reason: 'read failed', message: null };
  if (row.read !== 'read' || row.processId === null) return { rowNo, reason: 'not read yet', message: null };
  if (action.kind !== 'complete') return null;
  // A step completed since the row was read has moved on: its read is stale until read again. A
  // note leaves the step where it is, so notes never make a row skip, nor are they skipped.
  if (doneSinceRead.has(rowNo)) return { rowNo, reason: 'completed since read', message: null };
  if (row.currentStep?.name !== action.stepName) {
    const reason = row.currentStep ? `at "${row.currentStep.name}"` : 'with no current step';
    return { rowNo, reason, message: notAtStep(row.currentStep, action.stepName) };
  }
  return null;
}

/**
 * The skip of a row whose process an earlier chosen row already stands for: a batch may name one
 * process twice in lines that differ (its id and its external reference), and the run would
 * otherwise send it the change twice (two notes; two completions racing for one step).
 */
export function sameProcessSkip(row: BatchRow, earlier: BatchRow): KnownSkip {
  return {
    rowNo: row.rowNo,
    reason: 'same process as an earlier row',
    message: `Skipped: the same process as row ${earlier.rowNo} ("${earlier.input}"), which this run acts on; nothing was sent twice.`,
  };
}

/** The skips by reason, the largest group first. */
export function countSkips(skips: readonly KnownSkip[]): BatchSkipCount[] {
  const counts = new Map<string, number>();
  for (const skip of skips) counts.set(skip.reason, (counts.get(skip.reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/** "350 will be sent; 150 will be skipped: 148 at "Send to back office", 2 read failed." */
export function reviewSentence(sent: number, skipped: readonly BatchSkipCount[]): string {
  const total = skipped.reduce((sum, group) => sum + group.count, 0);
  const will = `${sent.toLocaleString('en')} will be sent`;
  if (total === 0) return `${will}; none will be skipped.`;
  const reasons = skipped.map((group) => `${group.count.toLocaleString('en')} ${group.reason}`).join(', ');
  return `${will}; ${total.toLocaleString('en')} will be skipped: ${reasons}.`;
}
