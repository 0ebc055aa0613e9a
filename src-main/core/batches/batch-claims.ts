import { Failure } from '../failure';
import type { RunningJob } from './batch-jobs';
import type { BatchStore } from './batch-store';

/**
 * Which batches may start a read or a run now. One job per batch: a claim taken before the first
 * await keeps a second call out, and a paused job is resumed or cancelled before another starts.
 */
export function createBatchClaims(store: BatchStore, running: ReadonlyMap<string, RunningJob>) {
  // Batches a read, run or resume has claimed but not yet handed to `running`: the claim is taken
  // before the first await, so a second call arriving meanwhile (two windows, a double click) is
  // refused instead of passing the check too and starting a second job.
  const claimed = new Set<string>();

  function notRunning(batchId: string): void {
    if (running.has(batchId) || claimed.has(batchId)) {
      throw new Failure(
        'conflict',
        'This batch is already running a read or a run; pause or cancel it first.',
      );
    }
  }

  /**
   * A new read or run replaces the batch's job, and a job drives every row queued in the batch: over
   * a paused job it would take that job's queued rows too (sending to rows nobody confirmed) and the
   * paused job could never be resumed. So a paused job is resumed or cancelled first.
   */
  function notPaused(batchId: string): void {
    const stored = store.job(batchId);
    if (stored && (stored.status === 'paused' || stranded(batchId))) {
      const what = stored.kind === 'read' ? 'read' : 'run';
      throw new Failure(
        'conflict',
        `This batch has a paused ${what} (${store.pendingRows(batchId, stored.kind).length} of ${stored.total} rows left); resume or cancel it first.`,
      );
    }
  }

  // Jobs that ended in this session with their end unsaved: kept by id, since "stored as running
  // with no job" is also, for a moment, a read or run starting (its credentials awaited).
  const unsaved = new Set<string>();

  /**
   * A job whose end the data folder refused to save (a full disk, batch-jobs.ts): stored as
   * running, with nothing running it. It is paused in all but the database, as after a restart,
   * so Resume and Cancel take it once the folder can save again, and a new job waits for those.
   */
  function stranded(batchId: string): boolean {
    return unsaved.has(batchId) && store.job(batchId)?.status === 'running' && !running.has(batchId);
  }

  /** Called as a job ends: `saved` false when its end could not be written. */
  function ended(batchId: string, saved: boolean): void {
    if (saved) unsaved.delete(batchId);
    else unsaved.add(batchId);
  }

  /** Runs `work` holding the batch's claim (taken at once, released however `work` ends). */
  async function claiming<T>(batchId: string, work: () => Promise<T>): Promise<T> {
    notRunning(batchId);
    claimed.add(batchId);
    try {
      return await work();
    } finally {
      claimed.delete(batchId);
    }
  }

  return { notRunning, notPaused, stranded, ended, claiming };
}
