import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BatchProgress } from '../../../src-shared/batches';
import { confidentialMask } from '../../../src-shared/logs';
import { assessment, input, jobEnded, openReadBatch } from './helpers';
import { useBatchSandbox } from './limiter';

/*
 * Review (s24rc): what batches.run answers without `confirm` goes to the renderer. Its request
 * preview must hold no credential header and no confidential value, and neither may the progress
 * events of the run that follows; nothing pinned this for a confidential field.
 */

const setup = useBatchSandbox();

describe("a run's review and progress with a confidential field", () => {
  it('show the value masked and no API key or secret', async () => {
    const secret = `bank-ref-${randomUUID()}`;
    const action = {
      kind: 'complete',
      stepName: assessment,
      fields: [
        { name: 'Outcome', code: 'OUTCOME', value: 'Accepted', fieldId: '{processId}' },
        {
          name: 'Bank reference',
          code: 'BANKREF',
          value: secret,
          fieldId: '{processId}',
          confidential: true,
        },
      ],
    };
    const events: BatchProgress[] = [];
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 4,
      failEvery: Number.MAX_SAFE_INTEGER,
      concurrency: 2,
      service: { onProgress: (p) => events.push(p) },
    });
    try {
      const { service, batchId, chosen } = console_;
      const review = await service.run(input('batches.run', { batchId, action, rows: chosen }));
      if (review.kind !== 'review') throw new Error('expected the review');
      expect(Object.keys(review.request.headers)).toEqual(['idempotency-key']);
      expect(JSON.stringify(review.request.body)).toContain(confidentialMask);
      const started = await service.run(input('batches.run', { batchId, action, rows: chosen, confirm: '' }));
      expect(started.kind).toBe('started');
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const seen = JSON.stringify({ review, started, events, list: service.list() });
      for (const value of [secret, setup.sandbox.key.apiKey, setup.sandbox.key.apiSecret])
        expect(seen).not.toContain(value);
    } finally {
      await console_.close();
    }
  }, 60_000);
});
