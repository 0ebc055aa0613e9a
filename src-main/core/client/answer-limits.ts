import { limits } from '../../../src-shared/limits';
import { ClientFailure } from './client-failure';
import type { BytesLimit } from './send';

/** The largest answer a batch reads for one process (its reason is in limits.ts). */
export const batchReadLimit = limits.batchReadBytes;

/** The cap of a batch's reads (its table's and its run's), refused with the row's sentence. */
export const batchReadAnswer: BytesLimit = {
  limit: batchReadLimit,
  refuse: () =>
    new ClientFailure(
      'bad_response',
      `The service's answer for this process is larger than ${batchReadLimit / 1024 / 1024} MiB, more than a batch reads for one process, so the console stopped reading it. Open the process on its own to see it.`,
    ),
};
