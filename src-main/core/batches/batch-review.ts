import type { BatchRow, BatchRunAnswer } from '../../../src-shared/batches';
import type { ValidInput } from '../../../src-shared/contract';
import { confirmBatch, liveConfirmationProblem } from '../../../src-shared/live-confirmation';
import type { Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';
import { previewRequest, summarise } from './batch-action';
import { defaultRunRows } from './run-row';

/** A run's review: what the user sees before anything is sent, and the check of what they typed. */
export interface RunReview {
  answer: Extract<BatchRunAnswer, { kind: 'review' }>;
  rowNos: number[];
  /** Throws unless `confirm` may start the run (on a live profile: the count, exactly). */
  check(confirm: string): void;
}

/**
 * Builds the review of `input` on a batch's rows: the chosen rows that were read (or, when none
 * were chosen, every read row at the chosen step), the exact request for the first of them, the
 * count, the profile and its environment.
 */
export function reviewRun(profile: Profile, rows: BatchRow[], input: ValidInput<'batches.run'>): RunReview {
  const { action } = input;
  const chosen = new Set(input.rows ?? defaultRunRows(rows, action));
  const targets = rows.filter(
    (row) => chosen.has(row.rowNo) && row.read === 'read' && row.processId !== null,
  );
  if (targets.length === 0) {
    throw new Failure(
      'invalid_input',
      action.kind === 'complete'
        ? `No chosen row was read at step "${action.stepName}"; read the batch (or choose other rows) first.`
        : 'No chosen row has been read; read the batch first.',
    );
  }
  const first =
    targets.find((row) => action.kind === 'note' || row.currentStep?.name === action.stepName) ?? targets[0]!;
  const confirmation = profile.environment === 'live' ? confirmBatch(targets.length) : null;
  return {
    answer: {
      kind: 'review',
      action: summarise(action),
      count: targets.length,
      profileName: profile.name,
      environment: profile.environment,
      request: previewRequest(profile, action, first),
      confirmation,
    },
    rowNos: targets.map((row) => row.rowNo),
    check(confirm) {
      const problem = liveConfirmationProblem(profile.environment, confirmBatch(targets.length), confirm);
      if (problem !== null) throw new Failure('invalid_input', problem);
    },
  };
}
