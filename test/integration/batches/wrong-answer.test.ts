import { describe, expect, it } from 'vitest';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { limitedSandbox } from './limiter';
import { expectEachOnce } from './scenario';

/*
 * Review finding (s24ra): a completion answered 200 with a well-formed answer about another
 * process (a confused gateway or cache replaying an earlier answer) was taken at its word: the row
 * said done, the audit said succeeded, and the step was never completed. An answer about another
 * process or step proves nothing: it is read back as an answer without a readable result.
 */

const setup = limitedSandbox();

describe('a completion answered 200 with the answer of another process', () => {
  it('is never done: the row says outcome unknown with what to check, the step is not complete', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 3,
      failEvery: 100,
      concurrency: 1,
      baseUrl: setup.limiter.url,
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      expect(chosen).toHaveLength(2);
      // The first row's completion goes through; the second's is answered with the first's answer.
      const second = service.store.row(batchId, chosen[1]!).processId!;
      setup.limiter.state.answer = (method, path) =>
        method === 'POST' && path.includes(second) ? setup.limiter.state.lastPostAnswer : null;
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const counts = await expectEachOnce(service, client, audit, profile.id, batchId, chosen);
      expect(counts).toEqual({ done: 1, 'outcome unknown': 1 });
      expect(service.store.row(batchId, chosen[1]!).actionMessage).toMatch(
        /^The service accepted the change \(answer 200\) without saying its result, but reading it back does not show it yet\. Open process /,
      );
    } finally {
      await console_.close();
    }
  }, 60_000);
});
