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

/**
 * Subscribes to `batch.progress` while the batches screen is open. Main sends at most four a
 * second, so each one may invalidate the batch's table and the list: the rows shown follow the
 * read or run as it goes, and the cache asks again only for what is watched.
 */
export function subscribeBatchProgress(): () => void {
  return api.batch.onProgress((progress) => {
    useBatchProgress.getState().received(progress);
    invalidate('batches.get', (input) => input.batchId === progress.batchId);
    invalidate('batches.list');
  });
}
