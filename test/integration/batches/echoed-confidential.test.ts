import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confidentialMask } from '../../../src-shared/logs';
import { assessment, input, jobEnded, openReadBatch } from './helpers';
import { limitedSandbox } from './limiter';

/*
 * A batch run sends its confidential values from memory through the client's one change path: a
 * service that quotes one back in refusing the completion must not put it in the request log, in
 * the row or in the audit. The reference service never quotes a field value, so the relay in
 * front of it refuses each completion with a sentence that does.
 */

const setup = limitedSandbox();

describe('a batch completion refused with a sentence quoting its confidential value', () => {
  it('fails the rows with the value masked, and the request log keeps none of it', async () => {
    const secret = `NI-${randomUUID()}`;
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 3,
      failEvery: 100,
      concurrency: 1,
      baseUrl: setup.limiter.url,
    });
    const { service, batchId, chosen, requests } = console_;
    try {
      expect(chosen).toHaveLength(2);
      const sentence = `The value "${secret}" of field NINO is not valid.`;
      Object.assign(setup.limiter.state, {
        status: 400,
        stormMessage: sentence,
        storm: (method: string) => method === 'POST',
      });
      const action = {
        kind: 'complete',
        stepName: assessment,
        fields: [{ name: 'NINO', code: 'NINO', value: secret, fieldId: '{processId}', confidential: true }],
      };
      await service.run(input('batches.run', { batchId, action, rows: chosen, confirm: '' }));
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const masked = sentence.replace(secret, confidentialMask);
      for (const rowNo of chosen) {
        expect(service.store.row(batchId, rowNo)).toMatchObject({ action: 'failed' });
        expect(service.store.row(batchId, rowNo).actionMessage).toContain(masked);
      }
      const posts = requests.filter((entry) => entry.method === 'POST');
      expect(posts).toHaveLength(2);
      for (const post of posts) {
        const answer = JSON.parse(post.responseBody!.text) as { error: { message: string } };
        expect(answer.error.message).toBe(masked);
      }
      expect(JSON.stringify(requests)).not.toContain(secret);
      const audit = JSON.stringify(await console_.audit.list());
      expect(audit).toContain('of field NINO is not valid.');
      expect(audit).not.toContain(secret);
    } finally {
      setup.limiter.state.storm = () => false;
      await console_.close();
    }
  }, 60_000);
});
