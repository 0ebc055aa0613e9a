import type { BatchProgress, BatchRow } from '../../../src-shared/batches';
import type { BatchActionInput } from './batch-action';
import { createProgressMeter } from './progress-meter';
import { sentenceOf, type RowContext, type RowResult } from './row-context';
import { createReadBuffer, readRow } from './read-row';
import { cancelPaused } from './batch-sources';
import { isStorageRefusal } from './batch-db';
import { comeBackAt } from '../client/retry';
import { whatToCheck } from './recover-row';
import { runRow } from './run-row';
import { createOutageStreak, type OutageRowState } from './outage-streak';

/** Times one row is tried again after a refused connection or a 429 before it is given up. */
export const maxRowRetries = 5;

/** What a job stopped by the console's end does on Resume (a read sends no change to read back). */
export const resumeAfterStop = {
  read: 'Resume to go on: rows not yet read are read then.',
  run: 'Resume to go on: a change that may have been sent is read back first, never sent twice.',
};

/** A job started on a batch: read its queued rows, or run its action on its queued rows. */
export interface JobSpec {
  kind: 'read' | 'run';
  action: BatchActionInput | null;
  /** What the rows need, but the read buffer and the stop: the job makes those, and they end with it. */
  context: Omit<RowContext, 'reads' | 'stop'>;
  emit(progress: BatchProgress): void;
}

/** A job in progress, for pause and cancel. */
export interface RunningJob {
  stop(how: 'pause' | 'cancel'): void;
  finished: Promise<void>;
}

/**
 * Drives a job: up to 32 workers take rows in order, each waiting for a place in the profile's
 * lane; every row's state is committed before the next is taken, so a stop at any moment (pause,
 * cancel, kill -9) leaves the batch exactly where it was. Returns at once; `finished` settles
 * when the job has stopped.
 */
export function driveJob(spec: JobSpec): RunningJob {
  const { kind } = spec;
  const { store, batchId } = spec.context;
  const stored = store.job(batchId)!;
  // Read once: a row's input and process never change while its job runs.
  const rows = store.pendingRows(batchId, kind);
  const meter = createProgressMeter(stored.total, stored.total - rows.length);
  const retries = new Map<number, number>();
  let stopping: JobStop | null = null;
  // Every stop aborts it: a row waiting for its turn (a rate token, a 429's hold of up to 30 s)
  // sends nothing after Pause or Cancel, and the job ends at once instead of after the wait.
  const halted = new AbortController();
  const stopAs = (how: JobStop['how'], reason: string | null, storage = false) => {
    const stop = { how, reason, storage };
    if (stopping === null || weightOf(stop) > weightOf(stopping)) stopping = stop;
    halted.abort();
  };
  const streak = createOutageStreak(stored.total);
  let next = 0;
  // The data folder refused a write (a full disk): nothing more is done until it can save again.
  const halt = (error: unknown) => stopAs('pause', storageRefused(error), true);
  const context: RowContext = {
    ...spec.context,
    reads: createReadBuffer((reads) => store.saveReads(batchId, reads), halt),
    stop: halted.signal,
  };

  const progress = (status: BatchProgress['status'], reason: string | null = null) =>
    spec.emit({ batchId, profileId: context.profile.id, job: kind, status, reason, ...meter.figures() });

  const work = (row: BatchRow): Promise<RowResult> =>
    kind === 'read' ? readRow(context, row) : runRow(context, row, spec.action!);

  const handle = (row: BatchRow, result: RowResult) => {
    // Stopped before sending: the row stays queued, for the cancel to mark or a resume to take.
    if (result.kind === 'stopped') return;
    if (result.kind === 'settled') {
      meter.tick();
      // A skip, or a run's read answered, says nothing of the way its changes go: only a row that
      // proved the way works starts the count again (skips did, and a write path down used up
      // every row at the step between them).
      if (result.reached) streak.reached();
      else if (result.outage !== undefined) {
        const { action } = store.row(batchId, row.rowNo);
        outageRow(row, action === 'outcome unknown' ? action : 'failed', result.outage);
      }
      return;
    }
    // A key gone or refused holds for every row alike: pause at once, this row left queued.
    if (result.why === 'credentials') {
      stopAs(
        'pause',
        `The batch paused itself: ${result.message} Resume once the key is set again; rows not yet done will be tried again.`,
      );
      return;
    }
    // The service asked to wait longer than the console waits on its own: pause, saying until when.
    if (result.why === 'later') {
      stopAs(
        'pause',
        `The batch paused itself: ${result.message} Resume after ${comeBackAt(result.seconds, context.now)}; rows not yet done will be tried again.`,
      );
      return;
    }
    // The profile was edited under the run: nothing more is sent until it is cancelled and run again.
    if (result.why === 'moved') {
      stopAs('pause', `The batch paused itself: ${result.message}`);
      return;
    }
    const tries = (retries.get(row.rowNo) ?? 0) + 1;
    retries.set(row.rowNo, tries);
    // A row the service kept asking to slow down (each wait honoured) is not failed: the limit
    // would fail every row it lasts for. The job pauses, the row stays as it is for the resume.
    if (tries > maxRowRetries && result.why === 'busy') {
      stopAs(
        'pause',
        `The batch paused itself: the service kept asking to slow down (${result.message}) Resume later; rows not yet done will be tried again.`,
      );
      return;
    }
    if (tries > maxRowRetries) {
      giveUp(context, kind, row.rowNo, result.message);
      meter.tick();
      streak.givenUp(row.rowNo);
      return;
    }
    rows.push(row);
    if (result.why === 'outage') outageRow(row, 'queued', result.message);
  };

  // A row that could not reach the service: tried again later, or settled though a gateway
  // answered its change. A few in a row pause the job rather than use up every row.
  const outageRow = (row: BatchRow, state: OutageRowState, message: string) => {
    const pause = streak.add(row.rowNo, state, message);
    if (pause !== null) stopAs('pause', pause);
  };

  const worker = async () => {
    while (!stopping && next < rows.length) {
      const release = await context.lane.enter();
      try {
        if (stopping || next >= rows.length) return;
        const row = rows[next++]!;
        try {
          handle(row, await work(row));
        } catch (error) {
          // The data folder refused the row's write (its journal line, its outcome): the row stays
          // as it was saved (queued, or sending to be read back) and the job pauses. Marking it
          // failed could pass where the insert did not, and would drop a row nothing was sent for.
          if (isStorageRefusal(error)) {
            halt(error);
            continue;
          }
          // A bug on one row: say so on the row, keep the batch going; unless the row cannot be
          // marked either, when the data folder is what failed.
          try {
            giveUp(context, kind, row.rowNo, sentenceOf(error));
            meter.tick();
          } catch (storage) {
            halt(storage);
          }
        }
        if (meter.due()) progress('running');
      } finally {
        release();
      }
    }
  };

  const finished = (async () => {
    progress('running');
    // Rows pushed back for a retry are picked up by workers still running; loop until none is left.
    while (!stopping && next < rows.length) {
      await Promise.all(Array.from({ length: Math.min(32, rows.length - next) }, worker));
    }
    context.reads.flush();
    const end = stopping as JobStop | null;
    try {
      // As a paused job's cancel: queued rows dropped, and a row still recovering from a crash (its
      // read-back refused, its line open) settled outcome unknown rather than left 'sending'.
      if (end?.how === 'cancel') cancelPaused(store, context.journal, batchId, kind);
      const status = end === null ? 'finished' : end.how === 'pause' ? 'paused' : 'cancelled';
      store.setJob(batchId, { ...store.job(batchId)!, status, reason: end?.reason ?? null });
      progress(status, end?.reason ?? null);
    } catch (error) {
      // Not even the job's end could be saved: the batch is stored as running with no job behind
      // it, which Resume and Cancel take as paused (batch-claims.ts `stranded`), as does a restart.
      progress('paused', storageRefused(error));
    }
  })();

  return {
    stop(how) {
      stopAs(how, how === 'pause' ? 'Paused; resume to go on.' : 'Cancelled.');
    },
    finished,
  };
}

/** How a job was stopped; `storage` when the data folder refused a write. */
interface JobStop {
  how: 'pause' | 'cancel';
  reason: string | null;
  storage: boolean;
}

/**
 * A later stop replaces an earlier one only when it weighs more. Cancel replaces a pause still
 * waiting for rows in flight (pressed, or the job's own), where it was dropped and the batch stayed
 * paused with no word; a data folder that refused a write replaces either, since the cancel's own
 * writes would fail too, and the job pauses saying so.
 */
function weightOf(stop: JobStop): number {
  if (stop.storage) return 2;
  return stop.how === 'cancel' ? 1 : 0;
}

/** The sentence of a job the data folder stopped; SQLite's own words say which way it failed. */
export function storageRefused(error: unknown): string {
  const cause = error instanceof Error ? error.message : String(error);
  return (
    `The batch paused itself: the console could not save to its data folder (${cause}). ` +
    'Free some disk space, then resume; rows whose results were not saved are done again, and a change is read back before it is ever sent again.'
  );
}

function giveUp(context: RowContext, kind: 'read' | 'run', rowNo: number, message: string): void {
  const { store, batchId } = context;
  if (kind === 'read') return store.setReadState(batchId, rowNo, 'failed', message);
  const { action } = store.row(batchId, rowNo);
  if (action === 'queued') store.setAction(batchId, rowNo, 'failed', `Nothing was sent. ${message}`);
  // A change that may have been sent before the console stopped, whose read-back kept failing
  // (a 429 storm): the job must not finish with the row still 'sending' and its line open.
  const open = action === 'sending' ? context.journal.unsettled(batchId, rowNo) : undefined;
  if (open) {
    context.journal.settle(
      open,
      'outcome unknown',
      `${whatToCheck(open)} Reading it back failed: ${message}`,
    );
  }
}
