import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src-main/core/client/api-client';
import { waitFor } from '../../support/wait-for';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { useBatchSandbox } from './limiter';

/*
 * Review finding (s26, rev2): a job kept the first stop it was given, so Cancel pressed while a
 * Pause waited for a change on its way (or after the job paused itself, rows still in flight) was
 * dropped: the cancel answered with the batch paused and no word. A cancel now overrides a pause
 * still finishing; the job ends cancelled, its queued rows dropped as a paused job's cancel drops them.
 */

const setup = useBatchSandbox();

describe('Cancel pressed while a Pause waits for a change on its way', () => {
  it('cancels the run: the change on its way ends done, the rows not sent end cancelled', async () => {
    // The first change is held on its way until the test lets it go, so both presses come while it is.
    let hold = false;
    let onItsWay = 0;
    let letGo = () => {};
    const released = new Promise<void>((resolve) => (letGo = resolve));
    const wrapClient = (client: ApiClient): ApiClient => ({
      ...client,
      completeStep: async (...args: Parameters<ApiClient['completeStep']>) => {
        if (hold) {
          onItsWay += 1;
          await released;
        }
        return client.completeStep(...args);
      },
    });
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 6,
      failEvery: 100,
      concurrency: 1,
      service: { wrapClient },
    });
    const { service, batchId, chosen } = console_;
    try {
      expect(chosen).toHaveLength(5);
      hold = true;
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      await waitFor(() => onItsWay === 1 || undefined, { what: 'the first change on its way' });
      const pausing = service.pause(batchId);
      const cancelling = service.cancel(batchId);
      letGo();
      const [paused, cancelled] = await Promise.all([pausing, cancelling]);
      expect(cancelled.job).toMatchObject({ status: 'cancelled', reason: 'Cancelled.' });
      expect(paused.job).toMatchObject({ status: 'cancelled' });
      expect((await jobEnded(service, batchId)).status).toBe('cancelled');
      expect(chosen.map((rowNo) => service.store.row(batchId, rowNo).action)).toEqual([
        'done',
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
    } finally {
      await console_.close();
    }
  }, 60_000);
});
