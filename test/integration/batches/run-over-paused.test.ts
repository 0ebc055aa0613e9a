import { describe, expect, it } from 'vitest';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { useBatchSandbox } from './limiter';

/*
 * Review finding (s21h): a job drives every queued row of its batch, so a new run started over a
 * paused one took the paused run's queued rows too: the new action went to rows the review never
 * counted and the live confirmation never named. A paused job is now resumed or cancelled first.
 */

const setup = useBatchSandbox();

describe('a new live run on a batch whose earlier run is paused', () => {
  it('sends to the rows its confirmed count named, and no others', async () => {
    // Only the first back office call fails: 7 of 8 processes wait at the assessment.
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 8,
      failEvery: 100,
      concurrency: 4,
      service: { profile: { environment: 'live' } },
    });
    const { service, profile, requests, batchId, chosen, waiting } = console_;
    try {
      expect(waiting).toBe(7);

      // Run A completes the 7 slowly and is paused at once: most of its rows stay queued.
      service.settings({ profileId: profile.id, concurrency: 1, ratePerSecond: 1 });
      const runA = input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '7' });
      await expect(service.run(runA)).resolves.toMatchObject({ kind: 'started', count: 7 });
      expect((await service.pause(batchId)).job).toMatchObject({ status: 'paused' });
      service.settings({ profileId: profile.id, concurrency: 4, ratePerSecond: 1000 });

      // Run B: a note on row 1 alone. The review says 1, the user types 1.
      const note = { kind: 'note', contents: 'Checked by the back office.', visibleToAccounts: false };
      const runB = (confirm?: string) =>
        service.run(
          input('batches.run', { batchId, action: note, rows: [1], ...(confirm ? { confirm } : {}) }),
        );
      // While run A is paused, run B is refused, review and confirmation alike: nothing is sent.
      const postsBefore = requests.filter((entry) => entry.method === 'POST').length;
      const refused = {
        error: {
          code: 'conflict',
          message: expect.stringMatching(
            /^This batch has a paused run \(\d+ of 7 rows left\); resume or cancel it first\.$/,
          ),
        },
      };
      await expect(runB()).rejects.toMatchObject(refused);
      await expect(runB('1')).rejects.toMatchObject(refused);
      expect(requests.filter((entry) => entry.method === 'POST').length).toBe(postsBefore);
      expect(service.store.job(batchId)).toMatchObject({ kind: 'run', status: 'paused' });

      // Once A is cancelled, B reviews 1, is confirmed with 1 and sends exactly 1.
      await service.cancel(batchId);
      await expect(runB()).resolves.toMatchObject({ kind: 'review', count: 1 });
      await expect(runB('1')).resolves.toMatchObject({ kind: 'started', count: 1 });
      await jobEnded(service, batchId);
      expect(requests.filter((entry) => entry.method === 'POST').length - postsBefore).toBe(1);
    } finally {
      await console_.close();
    }
  }, 90_000);
});
