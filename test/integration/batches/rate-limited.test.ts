import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { limitedSandbox } from './limiter';
import { expectEachOnce } from './scenario';

/*
 * Review finding (s24ra): the Retry-After of a 429 answered to a change never reached the batch:
 * the safe path re-made the failure without it, so the lane was held 1 s whatever the service
 * asked, and a row was given up after its six tries in about 5 s ("Nothing was sent"). A service
 * asking for 10 s while it is limited for 9 s failed every row it touched. Now the lane waits
 * what the service asked (up to 30 s), and the rows go through once the storm is over.
 *
 * And a Retry-After that reads as no wait (`0`, a date already past) held the lane 0 ms: a row
 * was tried again at once and given up within milliseconds, so a two-second storm failed every
 * row. A 429 now holds the lane at least a second.
 *
 * And a storm that outlasts a row's six tries failed the row, and every row after it for as long
 * as it lasted; the job now pauses itself with the service's sentence instead.
 */

const setup = limitedSandbox();

describe('a run meeting a rate-limit storm on its changes', () => {
  it.each([
    { header: '10', stormMs: 9_000 },
    { header: '0', stormMs: 2_000 },
    { header: 'Thu, 01 Jan 1970 00:00:00 GMT', stormMs: 2_000 },
  ])(
    'waits (Retry-After: $header, $stormMs ms) and completes every row once',
    async ({ header, stormMs }) => {
      const { state } = setup.limiter;
      state.limited = 0;
      state.retryAfter = header;
      const console_ = await openReadBatch(setup.sandbox, {
        dataDir: join(setup.sandbox.consoleDir, `limited-${stormMs}-${header.length}`),
        forms: 4,
        failEvery: 100,
        concurrency: 2,
        baseUrl: setup.limiter.url,
      });
      const { service, client, profile, audit, batchId, chosen } = console_;
      try {
        expect(chosen).toHaveLength(3);
        // Every change is refused until the storm is over.
        const stormUntil = Date.now() + stormMs;
        state.storm = (method) => method === 'POST' && Date.now() < stormUntil;
        await service.run(
          input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
        );
        expect((await jobEnded(service, batchId)).status).toBe('finished');
        expect(state.limited).toBeGreaterThan(0);
        const counts = await expectEachOnce(service, client, audit, profile.id, batchId, chosen);
        console.log(
          `rate-limit storm: ${state.limited} changes answered 429; outcomes ${JSON.stringify(counts)}`,
        );
        expect(counts).toEqual({ done: 3 });
      } finally {
        await console_.close();
      }
    },
    60_000,
  );

  it('pauses itself when the storm outlasts its tries, fails no row, and completes each once when resumed', async () => {
    const { state } = setup.limiter;
    state.retryAfter = '0';
    state.storm = () => false;
    const console_ = await openReadBatch(setup.sandbox, {
      dataDir: join(setup.sandbox.consoleDir, 'limited-endless'),
      forms: 4,
      failEvery: 100,
      concurrency: 2,
      baseUrl: setup.limiter.url,
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      state.storm = (method) => method === 'POST';
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      const paused = await jobEnded(service, batchId);
      expect([paused.status, paused.reason]).toEqual([
        'paused',
        expect.stringMatching(
          /^The batch paused itself: the service kept asking to slow down \(The service is limiting requests \(429\)/,
        ),
      ]);
      expect(service.store.summary(batchId).counts.action).toMatchObject({ failed: 0, queued: 3 });
      state.storm = () => false;
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(await expectEachOnce(service, client, audit, profile.id, batchId, chosen)).toEqual({ done: 3 });
    } finally {
      await console_.close();
    }
  }, 60_000);

  it('pauses at once when the service asks to wait longer than 30 s, saying until when, and sends nothing more', async () => {
    const { state } = setup.limiter;
    state.retryAfter = '120';
    state.storm = () => false;
    const console_ = await openReadBatch(setup.sandbox, {
      dataDir: join(setup.sandbox.consoleDir, 'limited-long'),
      forms: 4,
      failEvery: 100,
      concurrency: 1,
      baseUrl: setup.limiter.url,
    });
    const { service, batchId, chosen } = console_;
    try {
      state.limited = 0;
      state.storm = (method) => method === 'POST';
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      // Before, the lane held 30 s of the 120 asked and asked again: the job paused after 2.5 min.
      const paused = await jobEnded(service, batchId);
      expect([paused.status, paused.reason]).toEqual([
        'paused',
        expect.stringMatching(
          /^The batch paused itself: The service is limiting requests \(429\)\. .*Try again in 120 s\. Resume after \d\d:\d\d:\d\d; rows not yet done will be tried again\.$/,
        ),
      ]);
      expect(state.limited).toBe(1);
      // Nothing failed or lost: a resume takes the three rows (after the lane's own 30 s hold).
      expect(service.store.summary(batchId).counts.action).toMatchObject({ failed: 0, queued: 3 });
    } finally {
      state.storm = () => false;
      state.retryAfter = '1';
      await console_.close();
    }
  }, 60_000);
});
