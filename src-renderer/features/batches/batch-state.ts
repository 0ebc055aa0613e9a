import type { BatchJob, BatchSummary } from '../../../src-shared/batches';

/** What a batch is doing, in the words the list and the view show. */
export function jobText(job: BatchJob): string {
  if (job.kind === 'idle') return 'Idle';
  const what = job.kind === 'read' ? 'Reading' : (job.action?.title ?? 'Running');
  if (job.status === 'running') return job.kind === 'read' ? 'Reading' : `${what}: running`;
  if (job.status === 'paused') return `${what}: paused`;
  if (job.status === 'cancelled') return `${what}: cancelled`;
  return job.kind === 'read' ? 'Read' : `${what}: finished`;
}

/** "180 read, 12 failed" style counts; states with no rows are left out. */
export function countsText(counts: Record<string, number>, skip: readonly string[] = []): string {
  return Object.entries(counts)
    .filter(([state, count]) => count > 0 && !skip.includes(state))
    .map(([state, count]) => `${count.toLocaleString('en')} ${state}`)
    .join(', ');
}

/** Whether a batch's read or run is going (its Read and Review wait). */
export function isBusy(batch: BatchSummary): boolean {
  return batch.job.kind !== 'idle' && batch.job.status === 'running';
}
