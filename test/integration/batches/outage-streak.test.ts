import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calls, type ValidInput } from '../../../src-shared/contract';
import { completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { limitedSandbox } from './limiter';

/*
 * Review finding (s26, rev2): the count of rows in a row that could not reach the service, which
 * pauses a job at five, counted tries rather than rows, and any settled row set it back to 0.
 * - A row tried again goes to the back of the queue, so two processes whose reads a gateway always
 *   answers 504 took turns at the end and paused the read before either used its tries; Resume
 *   starts the tries afresh, so the read never finished. One such row, given up, still pushed the
 *   count to five: the read said "paused" with nothing left to do.
 * - A row skipped as no longer at the step set the count back, though it proves only that reads
 *   get through: with every change answered 503, a run whose rows alternate failed every row.
 * Now each row counts once, a row given up no longer counts, and only a row that proves the way
 * works for the job (a read answered; a change the service answered) starts the count again.
 */

const setup = limitedSandbox();

describe('a read of processes a gateway always answers 504 while the service answers the rest', () => {
  for (const poisoned of [[1, 3], [2]]) {
    it(`finishes with ${poisoned.length === 1 ? 'that row' : 'those rows'} failed after their tries`, async () => {
      const console_ = await openReadBatch(setup.sandbox, {
        forms: 6,
        failEvery: 100,
        concurrency: 1,
        baseUrl: setup.limiter.url,
      });
      const { service, batchId, references } = console_;
      try {
        const rows = service.get(batchId, input('batches.get', { batchId, limit: 1000 })).rows;
        const poison = rows.filter((row) => poisoned.some((n) => row.externalReference === references[n]));
        setup.limiter.state.status = 504;
        setup.limiter.state.retryAfter = '0';
        setup.limiter.state.storm = (method, path) =>
          method === 'GET' && poison.some((row) => path.includes(row.processId!));
        await service.read(
          batchId,
          rows.map((row) => row.rowNo),
        );
        const ended = await jobEnded(service, batchId, 100_000);
        expect({ status: ended.status, reason: ended.reason }).toEqual({ status: 'finished', reason: null });
        expect(service.store.summary(batchId).counts.read).toMatchObject({
          read: 6 - poisoned.length,
          failed: poisoned.length,
        });
        for (const row of poison) {
          expect(service.store.row(batchId, row.rowNo).readError).toMatch(/504/);
        }
      } finally {
        setup.limiter.state.storm = () => false;
        await console_.close();
      }
    }, 120_000);
  }
});

describe('a run whose every change a gateway answers 503, half its rows moved on since the read', () => {
  it('pauses itself after five failed rows, the skips between them not counting as answers', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 15,
      failEvery: 100,
      concurrency: 1,
      baseUrl: setup.limiter.url,
    });
    const { service, client, profile, batchId, chosen } = console_;
    try {
      expect(chosen).toHaveLength(14);
      const rows = service.get(batchId, input('batches.get', { batchId, limit: 1000 })).rows;
      // Every other chosen process moves on before the run (a colleague, the back office).
      for (const rowNo of chosen.filter((_, index) => index % 2 === 1)) {
        const row = rows.find((each) => each.rowNo === rowNo)!;
        await client.completeStep(
          profile.id,
          calls['steps.complete'].input.parse({
            profileId: profile.id,
            processId: row.processId,
            stepId: row.currentStep!.stepId,
            fields: [{ name: 'Outcome', code: 'OUTCOME', value: 'Accepted', fieldId: row.processId }],
            intentId: randomUUID(),
          }) as ValidInput<'steps.complete'>,
        );
      }
      setup.limiter.state.status = 503;
      setup.limiter.state.retryAfter = '0';
      setup.limiter.state.storm = (method) => method === 'POST';
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      const ended = await jobEnded(service, batchId);
      expect(ended.status).toBe('paused');
      expect(service.store.summary(batchId).counts.action).toMatchObject({
        failed: 5,
        skipped: 4,
        queued: 5,
      });
    } finally {
      setup.limiter.state.storm = () => false;
      await console_.close();
    }
  }, 90_000);
});
