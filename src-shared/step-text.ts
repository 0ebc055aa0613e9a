import { z } from 'zod';
import { limits } from './limits';

/**
 * A step's name or kind, kept exactly as the service wrote it, since rows are matched to it by
 * equality: trimmed, a tenant's step "Back office assessment " matched no row, so its filter showed
 * none and a run skipped every row, and its presets were never offered. The service bounds neither; a row's came in a read of at most
 * this many bytes, so every name a row can hold is accepted.
 */
export function stepText(empty: string) {
  return z
    .string()
    .min(1, empty)
    .max(
      limits.batchReadBytes,
      `is longer than the ${limits.batchReadBytes / 2 ** 20} MiB a batch reads for one process, so no row is at such a step`,
    );
}
