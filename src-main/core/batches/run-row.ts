import { randomUUID } from 'node:crypto';
import type { Process } from '../../../src-shared/api';
import type { BatchRow } from '../../../src-shared/batches';
import { currentStepOf } from '../../../src-shared/process-paths';
import { isUnavailable } from '../client/client-failure';
import { Failure } from '../failure';
import { fieldsFor, type BatchActionInput } from './batch-action';
import { isStorageRefusal } from './batch-db';
import type { JournalEntry } from './batch-journal';
import { notAtStep } from './batch-skips';
import { fullAction } from './confidential-action';
import { recoverRow, whatToCheck } from './recover-row';
import { readResultOf } from './read-row';
import { targetChange } from './run-target';
import {
  JobStopped,
  reached,
  readProcess,
  retryLater,
  sentenceOf,
  settled,
  stoppedRow,
  type RowContext,
  type RowResult,
} from './row-context';

/**
 * Applies the run's action to one row, once: a row with an unsettled journal line is read back
 * (recover-row.ts); otherwise the process is read, a row no longer at the chosen step is skipped,
 * the intent is journaled, and the change goes through the client's one safe path.
 */
export async function runRow(
  context: RowContext,
  row: BatchRow,
  action: BatchActionInput,
): Promise<RowResult> {
  const held = moved(context);
  if (held) return held;
  const open = context.journal.unsettled(context.batchId, row.rowNo);
  // The journal holds confidential values masked: they come back from memory before any send.
  if (open) return recoverRow(context, { ...open, action: fullAction(open.action, context.confidential) });
  const { batchId } = context;
  const { rowNo } = row;
  let process;
  try {
    process = await readProcess(context, row);
  } catch (error) {
    if (error instanceof JobStopped) return stoppedRow;
    const again = retryLater(error, context.lane, true);
    if (again) return again;
    context.store.setAction(
      batchId,
      rowNo,
      'failed',
      `Nothing was sent: the process could not be read first. ${sentenceOf(error)}`,
    );
    if (!(error instanceof Failure)) throw error;
    return settled;
  }
  const current = currentStepOf(process);
  if (action.kind === 'complete' && current?.name !== action.stepName) {
    context.store.setAction(batchId, rowNo, 'skipped', notAtStep(current, action.stepName));
    return settled;
  }
  // The send's turn is taken before its journal line, and a Pause or Cancel that came while the
  // process was read or while the row waited for it (a rate token, a 429's hold) sends nothing:
  // the row stays queued. Waiting with the line open, a change went out seconds after Pause.
  if (!(await context.lane.take(1, context.stop))) return stoppedRow;
  // The profile may have been edited while the row waited: nothing is journaled or sent then.
  const edited = moved(context);
  if (edited) return edited;
  const entry: JournalEntry = {
    intentId: randomUUID(),
    batchId,
    rowNo,
    action,
    processId: process.processId,
    externalReference: process.externalReference,
    stepId: action.kind === 'complete' ? current!.stepId : null,
    stepName: action.kind === 'complete' ? current!.name : null,
    knownNotes: action.kind === 'note' ? process.notes.map((note) => note.noteId) : null,
  };
  context.journal.open(entry);
  return sendChange(context, entry, process);
}

/**
 * Sends a journaled change (first time, or again with the same key after a read-back found
 * nothing), its turn in the lane already taken. `process` is the read just made of the row: the
 * client checks the step on it rather than reading again, so a row costs two requests (read,
 * POST). The safe path is unchanged: the audit intent before the send, the Idempotency-Key, a
 * fresh read-back after an unclear answer.
 */
export async function sendChange(
  context: RowContext,
  entry: JournalEntry,
  process: Process,
): Promise<RowResult> {
  const { profile, client } = context;
  const options = { readJustNow: process };
  // Checked after the last wait (its turn, taken by the caller): from here to the client's read of
  // the profile nothing awaits.
  const held = moved(context);
  if (held) {
    context.journal.settle(entry, 'failed', `Nothing was sent. ${held.message}`);
    context.store.setAction(entry.batchId, entry.rowNo, 'queued', null);
    return held;
  }
  try {
    if (entry.action.kind === 'complete') {
      const answer = await client.completeStep(
        profile.id,
        {
          processId: entry.processId,
          stepId: entry.stepId!,
          fields: fieldsFor(entry.action, entry.processId),
          intentId: entry.intentId,
          // The batch's typed count stood for every row; the client's per-process rule is met here.
          confirmation: entry.externalReference,
        },
        options,
      );
      const next = answer.currentStep
        ? `the current step is now "${answer.currentStep.name}"`
        : 'the process is complete';
      // The answer shows where the process went: the table shows that, not the step just completed
      // (only an answer about this row's own process counts).
      const seen = answer.process.processId === entry.processId ? readResultOf(answer.process) : undefined;
      context.journal.settle(entry, 'done', `Completed; ${next}.`, seen);
    } else {
      await client.addNote(
        profile.id,
        {
          processId: entry.processId,
          intentId: entry.intentId,
          contents: entry.action.contents,
          visibleToAccounts: entry.action.visibleToAccounts,
          confirmation: entry.externalReference,
        },
        options,
      );
      context.journal.settle(entry, 'done', 'Note added.');
    }
    return reached;
  } catch (error) {
    return settleFailure(context, entry, error);
  }
}

/**
 * A row held back, nothing sent, when the profile (which the client reads afresh for each call) no
 * longer names what the run was confirmed on: made live, pointed at another tenant, another key.
 */
function moved(context: RowContext): Extract<RowResult, { kind: 'again' }> | null {
  const change = targetChange(context.confirmedOn, context.profiles.get(context.profile.id));
  return change === null ? null : { kind: 'again', why: 'moved', message: change };
}

function settleFailure(context: RowContext, entry: JournalEntry, error: unknown): RowResult {
  if (error instanceof Failure && error.error.code === 'outcome_unknown') {
    context.journal.settle(entry, 'outcome unknown', error.message);
    // A gateway kept answering the change: the row says what to check, and the job counts it as a
    // row that could not reach the service, so it pauses rather than leave every row to a person.
    return isUnavailable(error) ? { kind: 'settled', outage: error.message } : settled;
  }
  // The outcome could not be saved (a full disk), though the service may well have acted: the row
  // stays 'sending' with its line open, so the job pauses and a resume reads the change back. A
  // second write here ('outcome unknown') could pass where the first failed and would be untrue.
  if (isStorageRefusal(error)) throw error;
  // A bug, not a Failure: the change may have been sent and may have happened (the safe path
  // audits it so), so the row must not say failed.
  if (!(error instanceof Failure)) {
    context.journal.settle(
      entry,
      'outcome unknown',
      `The console failed unexpectedly while sending this change; the details are in its log. ${whatToCheck(entry)}`,
    );
    throw error;
  }
  // The service says the step is no longer the current one (409): the process moved on between the
  // row's read and its change. Skipped with the reason, as the console's own check before sending
  // skips such a row; nothing was changed (the audit says refused).
  if (entry.action.kind === 'complete' && error.error.status === 409) {
    context.journal.settle(
      entry,
      'skipped',
      `Not at step "${entry.stepName}" any more when the change arrived. ${sentenceOf(error)}`,
    );
    return reached;
  }
  // Refused before it reached the service, or 429: the audit says failed, nothing happened, so the
  // row goes back to the queue and a later pass sends it under a new intent.
  const again = retryLater(error, context.lane);
  context.journal.settle(entry, 'failed', sentenceOf(error));
  if (again) {
    context.store.setAction(entry.batchId, entry.rowNo, 'queued', null);
    return again;
  }
  // A 503 (down for maintenance) is failed, nothing made by the client's rule, but not sent again
  // on that word: a proxy may answer 503 for a connection lost after the service acted, and a note
  // sent again under a new intent would be added twice. It counts toward pausing the job.
  if (isUnavailable(error)) return { kind: 'settled', outage: sentenceOf(error) };
  // Refused by the service itself (a status of its own): the change got there.
  return error.error.status !== undefined ? reached : settled;
}

/** The rows a run acts on by default: read rows (at the chosen step, for a completion). */
export function defaultRunRows(rows: BatchRow[], action: BatchActionInput): number[] {
  return rows
    .filter((row) => row.read === 'read' && row.processId !== null)
    .filter((row) => action.kind === 'note' || row.currentStep?.name === action.stepName)
    .map((row) => row.rowNo);
}
