import type { BatchRow, BatchRunAnswer } from '../../../src-shared/batches';
import type { ValidInput } from '../../../src-shared/contract';
import { confirmBatch, liveConfirmationProblem } from '../../../src-shared/live-confirmation';
import type { Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';
import { previewRequest, summarise } from './batch-action';
import { countSkips, knownSkip, reviewSentence, sameProcessSkip, type KnownSkip } from './batch-skips';
import { defaultRunRows } from './run-row';

/** A run's review: what the user sees before anything is sent, and the check of what they typed. */
export interface RunReview {
  answer: Extract<BatchRunAnswer, { kind: 'review' }>;
  /** The rows the run sends to. */
  rowNos: number[];
  /** Chosen rows at another step: the run marks them skipped with this outcome, sending nothing. */
  skips: { rowNo: number; message: string }[];
  /** Throws unless `confirm` may start the run (on a live profile: the count sent, exactly). */
  check(confirm: string): void;
}

/**
 * Builds the review of `input` on a batch's rows: of the chosen rows (or, when none were chosen,
 * every read row at the chosen step), those the run will send to and those it is known to skip
 * (not read, read failed, done since read, at another step, a process an earlier row stands for), the exact request for the first
 * sent row, the count sent, the profile and its environment. The count to confirm is main's own.
 */
export function reviewRun(
  profile: Profile,
  rows: BatchRow[],
  input: ValidInput<'batches.run'>,
  doneSinceRead: ReadonlySet<number>,
): RunReview {
  const { action } = input;
  if (input.rows) checkChosenRows(input.rows, rows.length);
  const chosen = new Set(input.rows ?? defaultRunRows(rows, action));
  const targets: BatchRow[] = [];
  const skips: KnownSkip[] = [];
  // The first row sent to each process: a later row naming the same process is skipped.
  const firstTarget = new Map<string, BatchRow>();
  for (const row of rows) {
    if (!chosen.has(row.rowNo)) continue;
    const earlier = row.processId === null ? undefined : firstTarget.get(row.processId);
    const skip = knownSkip(row, action, doneSinceRead) ?? (earlier && sameProcessSkip(row, earlier));
    if (skip) skips.push(skip);
    else {
      targets.push(row);
      firstTarget.set(row.processId!, row);
    }
  }
  if (targets.length === 0) {
    const none =
      action.kind === 'complete'
        ? `No chosen row was read at step "${action.stepName}"; read the batch (or choose other rows) first.`
        : 'No chosen row has been read; read the batch first.';
    const skipped = skips.length > 0 ? ` ${reviewSentence(0, countSkips(skips))}` : '';
    throw new Failure('invalid_input', `${none}${skipped}`);
  }
  const expected = confirmBatch(targets.length);
  const skipped = countSkips(skips);
  return {
    answer: {
      kind: 'review',
      action: summarise(action),
      count: targets.length,
      skipped,
      sentence: reviewSentence(targets.length, skipped),
      profileName: profile.name,
      environment: profile.environment,
      request: previewRequest(profile, action, targets[0]!),
      confirmation: profile.environment === 'live' ? expected : null,
    },
    rowNos: targets.map((row) => row.rowNo),
    skips: skips.flatMap(({ rowNo, message }) => (message === null ? [] : [{ rowNo, message }])),
    check(confirm) {
      const problem = liveConfirmationProblem(profile.environment, expected, confirm);
      if (problem !== null) throw new Failure('invalid_input', problem);
    },
  };
}

/**
 * Refuses chosen row numbers the batch does not have (its rows are numbered 1 to `total`), rather
 * than acting on the others as if they were all that was asked.
 */
export function checkChosenRows(chosen: readonly number[], total: number): void {
  const missing = chosen.filter((rowNo) => rowNo > total);
  if (missing.length === 0) return;
  const named =
    missing.length === 1
      ? `Row ${missing[0]} is`
      : `Rows ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} are`;
  throw new Failure(
    'invalid_input',
    `${named} not in this batch, which has rows 1 to ${total}; choose rows from the table again.`,
  );
}
