import { describe, expect, it } from 'vitest';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { limitedSandbox } from './limiter';
import { expectEachOnce } from './scenario';

/*
 * Review finding (s24ra): a service answering 503 (down for maintenance) to every request made a
 * run fail each row it took within seconds ("Nothing was sent: the process could not be read
 * first"), the whole batch used up, where a refused connection pauses the job after five rows
 * in a row. A read answered 502, 503 or 504 proves nothing was sent: the row is tried again, and
 * the job pauses itself, to be resumed when the service is back.
 */

const setup = limitedSandbox();

describe('a run on a service down for maintenance (503 to everything)', () => {
  it('pauses itself with the sentence, fails no row, and completes each once when resumed', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 4,
      failEvery: 100,
      concurrency: 1,
      baseUrl: setup.limiter.url,
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      expect(chosen).toHaveLength(3);
      setup.limiter.state.status = 503;
      setup.limiter.state.retryAfter = '0';
      setup.limiter.state.storm = () => true;
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      const paused = await jobEnded(service, batchId);
      expect(paused.status).toBe('paused');
      expect(paused.reason).toMatch(
        /^The batch paused itself: 5 rows in a row could not reach the service \(The service failed to answer \(503\)/,
      );
      expect(service.store.summary(batchId).counts.action).toMatchObject({ failed: 0, queued: 3 });
      setup.limiter.state.storm = () => false;
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(await expectEachOnce(service, client, audit, profile.id, batchId, chosen)).toEqual({ done: 3 });
    } finally {
      await console_.close();
    }
  }, 60_000);
});
