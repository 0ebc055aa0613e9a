import { resumeAfterStop } from './batch-jobs';
import type { BatchStore } from './batch-store';
import { askForValues } from './confidential-action';
import type { RunSecrets } from './run-secrets';

/**
 * Settles the jobs a console finds as it opens the store: one that was running when the console
 * stopped is marked paused, to be resumed; a run that lost its confidential values asks for them.
 */
export function pauseStoppedJobs(store: BatchStore, secrets: RunSecrets): void {
  for (const batchId of store.interrupted()) {
    const missing = secrets.missing(batchId);
    const stopped = store.job(batchId)!;
    const then = missing.length > 0 ? askForValues(missing) : resumeAfterStop[stopped.kind];
    store.setJob(batchId, {
      ...stopped,
      status: 'paused',
      reason: `The console stopped while this batch was running. ${then}`,
      needsValues: secrets.named(batchId, missing),
    });
  }
  // A run paused before the console stopped has lost its confidential values too: ask for them now,
  // so the batch view offers the form before Resume is tried.
  for (const batchId of store.pausedRuns()) {
    const missing = secrets.missing(batchId);
    const stored = store.job(batchId)!;
    if (missing.length > 0 && (stored.needsValues ?? []).length === 0)
      store.setJob(batchId, {
        ...stored,
        reason: askForValues(missing),
        needsValues: secrets.named(batchId, missing),
      });
  }
}
