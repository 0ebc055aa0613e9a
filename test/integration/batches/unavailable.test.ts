import { afterEach, describe, expect, it } from 'vitest';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { limitedSandbox } from './limiter';
import { expectEachOnce } from './scenario';

/*
 * Review finding (s24ra): a service answering 503 (down for maintenance) to every request made a
 * run fail each row it took within seconds ("Nothing was sent: the process could not be read
 * first"), the whole batch used up, where a refused connection pauses the job after five rows
 * in a row. A read answered 502, 503 or 504 proves nothing was sent: the row is tried again, and
 * the job pauses itself, to be resumed when the service is back.
 *
 * Review finding (s26): with the reads getting through and only the changes answered by a gateway
 * (a write path down), every row was used up: 503 failed each, 502 left each `outcome unknown`.
 * A 503 fails the row (nothing made, by the client's rule, but not sent again on that word: a proxy
 * may say 503 for a connection lost after the service acted); a 502 is read back and the row ends
 * as that says; either way the row counts toward the job pausing itself.
 *
 * Review finding (s26, rev2): the pause then said "rows not yet done will be tried again", though
 * Resume does not send those settled rows again. It now says what became of them and how to send them.
 */

const setup = limitedSandbox();

afterEach(() => {
  const { state } = setup.limiter;
  state.storm = () => false;
  state.replaceStatus = () => null;
  state.status = 429;
  state.retryAfter = '1';
});

/**
 * A read batch of `forms` processes behind the relay, the fault of `fault` set on the relay, and a
 * run completing every row at the assessment started.
 */
async function runBehindRelay(forms: number, fault: (state: typeof setup.limiter.state) => void) {
  const console_ = await openReadBatch(setup.sandbox, {
    forms,
    failEvery: 100,
    concurrency: 1,
    baseUrl: setup.limiter.url,
  });
  try {
    expect(console_.chosen).toHaveLength(forms - 1);
    fault(setup.limiter.state);
    const { batchId, chosen } = console_;
    await console_.service.run(
      input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
    );
    return console_;
  } catch (error) {
    await console_.close();
    throw error;
  }
}

describe('a run on a service down for maintenance (503 to everything)', () => {
  it('pauses itself with the sentence, fails no row, and completes each once when resumed', async () => {
    const console_ = await runBehindRelay(4, (state) => {
      state.status = 503;
      state.retryAfter = '0';
      state.storm = () => true;
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      const paused = await jobEnded(service, batchId);
      expect(paused.status).toBe('paused');
      expect(paused.reason).toMatch(
        /^The batch paused itself: the job's 3 rows could not reach the service \(The service failed to answer \(503\).*\) Resume when it is back; rows not yet done will be tried again\.$/,
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

describe('a run whose changes, not its reads, a gateway answers 503', () => {
  it('pauses itself after five failed rows, and completes the rest, and the five when run again, once each', async () => {
    const console_ = await runBehindRelay(8, (state) => {
      state.status = 503;
      state.retryAfter = '0';
      state.storm = (method) => method === 'POST';
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      const paused = await jobEnded(service, batchId);
      expect(paused.status).toBe('paused');
      expect(paused.reason).toMatch(
        /^The batch paused itself: 5 rows in a row could not reach the service \(The service failed to answer \(503\)/,
      );
      // The five are settled: the sentence says so, and how to send them, not that Resume will.
      expect(paused.reason).toMatch(
        /\) Of those, 5 failed; Resume does not send their changes again\. Resume when the service is back to go on with the rows not yet sent, then choose those 5 rows and run them again\.$/,
      );
      expect(service.store.summary(batchId).counts.action).toMatchObject({ failed: 5, queued: 2 });
      setup.limiter.state.storm = () => false;
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      // The five refused rows are not sent again on a guess; a run of them, asked for, completes each.
      const failed = chosen.filter((rowNo) => service.store.row(batchId, rowNo).action === 'failed');
      expect(failed).toHaveLength(5);
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: failed, confirm: '' }),
      );
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(await expectEachOnce(service, client, audit, profile.id, batchId, chosen)).toEqual({ done: 7 });
    } finally {
      await console_.close();
    }
  }, 60_000);
});

describe('a run whose changes, not its reads, a gateway answers 502', () => {
  it('pauses itself after five rows, each of them outcome unknown with what to check', async () => {
    const console_ = await runBehindRelay(8, (state) => {
      state.status = 502;
      state.storm = (method) => method === 'POST';
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      const paused = await jobEnded(service, batchId);
      expect(paused.status).toBe('paused');
      expect(paused.reason).toMatch(
        /^The batch paused itself: 5 rows in a row could not reach the service \(The change was sent but a gateway answered 502/,
      );
      expect(paused.reason).toMatch(
        /\) Of those, 5 ended outcome unknown; Resume does not send their changes again\. .* then choose those 5 rows and run them again, once you have checked each outcome unknown one as its row says\.$/,
      );
      // The gateway kept every send from the service, but the console cannot know that: each
      // row it tried says what to check, and the rest wait for the resume.
      expect(service.store.summary(batchId).counts.action).toMatchObject({ 'outcome unknown': 5, queued: 2 });
      const rows = service.get(batchId, input('batches.get', { batchId, limit: 1000 })).rows;
      for (const row of rows.filter((each) => each.action === 'outcome unknown')) {
        expect(row.actionMessage).toMatch(/Open process .+ and look at step "Back office assessment"/);
      }
      setup.limiter.state.storm = () => false;
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(await expectEachOnce(service, client, audit, profile.id, batchId, chosen)).toEqual({
        done: 2,
        'outcome unknown': 5,
      });
    } finally {
      await console_.close();
    }
  }, 60_000);

  it('is done on each row, read back, when the service made each change behind the 502', async () => {
    const console_ = await runBehindRelay(8, (state) => {
      state.replaceStatus = (method) => (method === 'POST' ? 502 : null);
    });
    const { service, client, profile, audit, batchId, chosen } = console_;
    try {
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(await expectEachOnce(service, client, audit, profile.id, batchId, chosen)).toEqual({ done: 7 });
    } finally {
      await console_.close();
    }
  }, 60_000);
});
