import type { Process } from '../../../src-shared/api';
import { maskFields } from '../../../src-shared/logs';
import { changeIntent, recordEarlierSend } from '../client/change-audit';
import { completionFound, noteFound } from '../client/change-found';
import type { ReadBack } from '../client/safe-change';
import { fieldsFor } from './batch-action';
import type { JournalEntry } from './batch-journal';
import {
  JobStopped,
  readProcess,
  retryLater,
  sentenceOf,
  settled,
  stoppedRow,
  type RowContext,
  type RowResult,
} from './row-context';
import { sendChange } from './run-row';
import { readResultOf } from './read-row';

/**
 * Settles a journaled change whose outcome was never written (the console stopped while it was
 * in flight): the process is read back; a change found made is recorded as done (and audited),
 * one plainly not made is sent again with the same Idempotency-Key, anything else is `outcome
 * unknown` with what to check. Nothing is ever sent twice on a guess.
 */
export async function recoverRow(context: RowContext, entry: JournalEntry): Promise<RowResult> {
  let process: Process;
  try {
    process = await readProcess(context, {
      ...context.store.row(entry.batchId, entry.rowNo),
      processId: entry.processId,
    });
  } catch (error) {
    // Stopped before the read-back: the line stays open, and a resume reads it back.
    if (error instanceof JobStopped) return stoppedRow;
    const again = retryLater(error, context.lane, true);
    if (again) return again;
    const message = `${whatToCheck(entry)} Reading it back failed: ${sentenceOf(error)}`;
    await settleEarlierIntent(context, entry, 'unknown', message);
    context.journal.settle(entry, 'outcome unknown', message);
    return settled;
  }
  const found = foundOnProcess(process, entry, context.profile.keyName);
  if (found.state === 'not-done') {
    // Its turn first: stopped while waiting for it, nothing is sent or settled, and the line stays
    // open for a resume to read back again.
    if (!(await context.lane.take(1, context.stop))) return stoppedRow;
    // The send below writes its own intent: the one written before the console stopped is
    // settled first, or the audit would show this one change twice, one of them pending for ever.
    await settleEarlierIntent(
      context,
      entry,
      'failed',
      'Not on the service when read back after the console stopped; sent again with the same Idempotency-Key (its next record says how it ended).',
    );
    return sendChange(context, entry, process);
  }
  if (found.state === 'done') {
    const message =
      entry.action.kind === 'complete'
        ? "Completed (found complete with this batch's fields on reading back after the console stopped; nothing was sent again)."
        : 'Note added (found on reading back after the console stopped; nothing was sent again).';
    const intent = changeIntent(context.now(), context.profile, entry.intentId, {
      action: entry.action.kind === 'complete' ? 'step.complete' : 'note.add',
      processId: process.processId,
      externalReference: process.externalReference,
      processTypeId: process.processTypeId,
      stepId: entry.stepId,
      stepName: entry.stepName,
      fields: entry.action.kind === 'complete' ? maskFields(fieldsFor(entry.action, entry.processId)) : [],
      note:
        entry.action.kind === 'note'
          ? { contents: entry.action.contents, visibleToAccounts: entry.action.visibleToAccounts }
          : null,
    });
    // The run may have written the audit's outcome (or only its intent) before it stopped: the
    // change is then recorded once, not a second time under the same Idempotency-Key.
    const earlier = (await context.audit.list({ processId: process.processId, action: intent.action })).find(
      (record) => record.intent.idempotencyKey === intent.idempotencyKey,
    );
    if (!earlier) {
      await recordEarlierSend(
        { audit: context.audit, now: context.now, readBackDelayMs: 0 },
        intent,
        process.processId,
        message,
      );
    } else if (!earlier.outcome) {
      await context.audit.outcome({
        kind: 'outcome',
        actionId: earlier.intent.actionId,
        at: context.now().toISOString(),
        outcome: 'succeeded',
        status: null,
        errorCode: null,
        message,
        attempts: 0,
        processId: process.processId,
      });
    }
    // What was read back is where the process stands now: the table shows that.
    const seen = process.processId === entry.processId ? readResultOf(process) : undefined;
    context.journal.settle(entry, 'done', message, seen);
    return settled;
  }
  const message = `${whatToCheck(entry)} Reading it back found ${found.description}.`;
  await settleEarlierIntent(context, entry, 'unknown', message);
  context.journal.settle(entry, 'outcome unknown', message);
  return settled;
}

/** Gives the audit intent written before the console stopped (if any, and still open) its outcome. */
async function settleEarlierIntent(
  context: RowContext,
  entry: JournalEntry,
  outcome: 'failed' | 'unknown',
  message: string,
): Promise<void> {
  const records = await context.audit.list({ processId: entry.processId });
  for (const record of records) {
    if (record.intent.idempotencyKey !== entry.intentId || record.outcome) continue;
    await context.audit.outcome({
      kind: 'outcome',
      actionId: record.intent.actionId,
      at: context.now().toISOString(),
      outcome,
      status: null,
      errorCode: outcome === 'unknown' ? 'outcome_unknown' : null,
      message,
      attempts: 0,
      processId: entry.processId,
    });
  }
}

/** The journaled change's fate on the process read back, by the rule every change shares. */
function foundOnProcess(process: Process, entry: JournalEntry, keyName: string): ReadBack<unknown> {
  if (entry.action.kind === 'complete')
    return completionFound(process, entry.stepId ?? '', fieldsFor(entry.action, entry.processId));
  return noteFound(process, new Set(entry.knownNotes ?? []), entry.action.contents, keyName);
}

/** What the administrator should look at for a row whose fate is unknown. */
export function whatToCheck(entry: JournalEntry): string {
  return entry.action.kind === 'complete'
    ? `Open process ${entry.externalReference} (${entry.processId}) and look at step "${entry.stepName}" before trying again: if it is complete, the completion went through.`
    : `Open process ${entry.externalReference} (${entry.processId}) and look at its notes before adding this one again.`;
}
