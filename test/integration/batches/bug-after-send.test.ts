import { describe, expect, it } from 'vitest';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { useBatchSandbox } from './limiter';
import { expectEachOnce } from './scenario';

/*
 * Review finding (s24ra): an unexpected error (a bug, not a Failure) out of the client after a
 * row's change was journaled marked the row `failed`, "The console failed unexpectedly", while the
 * change may well have happened (the safe path itself audits such a send as outcome unknown). A
 * row must never say failed for a change that happened: it is now `outcome unknown` with what to
 * check. The bug is stood for by a client that throws once the real completion has returned.
 */

const setup = useBatchSandbox();

describe('a bug in the console after a row was sent', () => {
  it('leaves the row outcome unknown with what to check, never failed', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 2,
      failEvery: 100,
      concurrency: 1,
      service: {
        wrapClient: (client) => ({
          ...client,
          completeStep: async (...args: Parameters<typeof client.completeStep>) => {
            await client.completeStep(...args);
            throw new TypeError('a bug after the answer came');
          },
        }),
      },
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      expect(chosen).toHaveLength(1);
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const row = service.store.row(batchId, chosen[0]!);
      expect(row.action).toBe('outcome unknown');
      expect(row.actionMessage).toMatch(
        /^The console failed unexpectedly.*Open process .* look at step "Back office assessment"/,
      );
      await expectEachOnce(service, client, audit, profile.id, batchId, chosen);
    } finally {
      await console_.close();
    }
  }, 60_000);
});
