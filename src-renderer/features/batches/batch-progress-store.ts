import { create } from 'zustand';
import type { BatchProgress } from '../../../src-shared/batches';
import { api } from '../../lib/api';
import { invalidate } from '../../lib/cache';

interface BatchProgressState {
  /** The last `batch.progress` of each batch since the screen opened. */
  byBatch: Record<string, BatchProgress>;
  received(progress: BatchProgress): void;
}

/** The batches' progress as main pushes it (the `batch.progress` event). */
export const useBatchProgress = create<BatchProgressState>()((set) => ({
  byBatch: {},
  received: (progress) => set((state) => ({ byBatch: { ...state.byBatch, [progress.batchId]: progress } })),
}));

/** How often a running job's rows are asked again: a 10,000-row table is up to ten pages. */
const refreshMs = 1_000;

/**
 * Subscribes to `batch.progress` while the batches screen is open. The bar follows every event
 * (main sends at most four a second); the table and the list are invalidated at most once a
 * second while a job runs, and always when it pauses or ends, so the rows shown follow the read
 * or run without asking for 10,000 rows four times a second.
 */
export function subscribeBatchProgress(): () => void {
  const refreshedAt = new Map<string, number>();
  return api.batch.onProgress((progress) => {
    useBatchProgress.getState().received(progress);
    const now = performance.now();
    const last = refreshedAt.get(progress.batchId) ?? -Infinity;
    if (progress.status === 'running' && now - last < refreshMs) return;
    refreshedAt.set(progress.batchId, now);
    invalidate('batches.get', (input) => input.batchId === progress.batchId);
    invalidate('batches.list');
  });
}
