import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../../src-shared/profile';
import { waitFor } from '../../support/wait-for';
import {
  completeAccepted,
  createInput,
  input,
  jobEnded,
  openReadBatch,
  openService,
  restStepsSettled,
  submitForms,
} from './helpers';
import { limitedSandbox } from './limiter';

/*
 * Review finding (s26): Pause and Cancel did not reach a row waiting for its turn to send. A run
 * journaled a row's change, then waited for a rate token: at one request a second, the completion
 * went out after Pause. A read held by a 429's Retry-After sent its request when the hold ended,
 * and Pause itself took the whole hold (up to 30 s) to answer. Now nothing leaves after Pause.
 */

const setup = limitedSandbox();

/** The requests the console started after `pressed` (its request log's start times). */
const sentAfter = (requests: { at: string; method: string }[], pressed: number) =>
  requests.filter((entry) => Date.parse(entry.at) > pressed).map((entry) => entry.method);

describe('Pause while rows wait for their turn', () => {
  it('sends no change after Pause when a run waits for its rate tokens', async () => {
    const console_ = await openReadBatch(setup.sandbox, { forms: 6, failEvery: 100, concurrency: 4 });
    const { service, profile, requests, batchId, chosen } = console_;
    try {
      // One request a second: each row's read and send wait for a token.
      service.settings({ profileId: profile.id, ratePerSecond: 1 });
      const runStarted = Date.now();
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      // The run's first read has its answer: the next token is a second away, and every row waits
      // for one (that row for its send). A request stamped after Pause was not on its way before.
      await waitFor(
        () =>
          requests.some(
            (entry) =>
              entry.operation === 'getProcess' && entry.status === 200 && Date.parse(entry.at) >= runStarted,
          ),
        { what: "the run's first read" },
      );
      const pressed = Date.now();
      await service.pause(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('paused');
      expect(sentAfter(requests, pressed)).toEqual([]);
      // Nothing is left half-way: no row is 'sending' (journaled, never sent), none failed.
      expect(service.store.summary(batchId).counts.action).toMatchObject({ sending: 0, failed: 0, done: 0 });
    } finally {
      await console_.close();
    }
  }, 60_000);

  // Retry-After 30 s holds the lane: before, Pause took the whole hold and the held reads were sent
  // when it ended. Retry-After 12 s under the 60 s a user's profile allows is waited out inside the
  // client's own retry of the read, which did not hear the job's stop.
  it.each([
    { where: 'the lane holds every read for the wait', retryAfter: '30', usersTimeouts: false },
    { where: "the client waits between a read's tries", retryAfter: '12', usersTimeouts: true },
  ])(
    'sends no read after Pause, and Pause does not wait, when $where',
    async ({ retryAfter, usersTimeouts }) => {
      const { sandbox, limiter } = setup;
      const started = await submitForms(sandbox.url, 4, Number.MAX_SAFE_INTEGER);
      const console_ = openService(mkdtempSync(join(sandbox.consoleDir, 'hold-')), limiter.url, sandbox.key);
      const { service, client, profile, requests, profiles } = console_;
      try {
        await restStepsSettled(
          client,
          profile.id,
          started.map((p) => p.processId),
        );
        if (usersTimeouts) {
          const { timeouts: _timeouts, ...saved } = profile;
          profiles.set(profile.id, profileSchema.parse(saved));
        }
        service.settings({ profileId: profile.id, concurrency: 2, ratePerSecond: 1000 });
        limiter.state.retryAfter = retryAfter;
        limiter.state.storm = (method) => method === 'GET';
        const made = createInput({
          profileId: profile.id,
          text: started.map((p) => p.externalReference).join('\n'),
        });
        if (!made.ok) throw new Error(made.message);
        const { batchId } = service.create(made.value).batch;
        limiter.state.limited = 0;
        await service.read(batchId);
        // Both reads in flight (concurrency 2) were answered 429: nothing more leaves until the wait ends.
        await waitFor(() => limiter.state.limited >= 2, { what: 'both reads answered 429' });
        const pressed = Date.now();
        await service.pause(batchId);
        expect((await jobEnded(service, batchId)).status).toBe('paused');
        expect(sentAfter(requests, pressed)).toEqual([]);
        expect(service.store.summary(batchId).counts.read).toMatchObject({ read: 0, failed: 0 });
      } finally {
        limiter.state.storm = () => false;
        limiter.state.retryAfter = '1';
        await console_.close();
      }
    },
    60_000,
  );
});
