import { describe, expect, it } from 'vitest';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { limitedSandbox } from './limiter';

/*
 * Review finding (s26): a completion the service refused with 409 (its step no longer the current
 * one: the process moved on between the row's read and its change) ended `failed`, where a row the
 * console itself finds no longer at the chosen step is `skipped` with the reason, as the issue and
 * the README say. It is skipped now, with the service's sentence; nothing was changed.
 */

const setup = limitedSandbox();

describe('a completion the service refuses because the step moved on (409)', () => {
  it('skips the row with the reason, and the other rows are done', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 3,
      failEvery: 100,
      concurrency: 1,
      baseUrl: setup.limiter.url,
    });
    const { service, batchId, chosen } = console_;
    const { state } = setup.limiter;
    try {
      expect(chosen).toHaveLength(2);
      const first = service.store.row(batchId, chosen[0]!).processId!;
      state.status = 409;
      state.stormMessage = 'Step is not the current step.';
      state.storm = (method, path) => method === 'POST' && path.includes(first);
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const [moved, other] = chosen.map((rowNo) => service.store.row(batchId, rowNo));
      expect([moved!.action, other!.action]).toEqual(['skipped', 'done']);
      expect(moved!.actionMessage).toBe(
        'Not at step "Back office assessment" any more when the change arrived. The service refused the change (409). ' +
          'The service said: "Step is not the current step." Reload the process to see its current step.',
      );
    } finally {
      state.storm = () => false;
      state.status = 429;
      state.stormMessage = 'Slow down.';
      await console_.close();
    }
  }, 60_000);
});
