import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoggingProxy, type LoggingProxy } from '../../support/logging-proxy';
import { assessment, input, jobEnded, openReadBatch, startBatchSandbox, type BatchSandbox } from './helpers';

/**
 * The review shows the request the console then sends (issue 12 review): the preview and the send
 * come from one builder, so what a proxy sees for the row shown is what the review said.
 */

let sandbox: BatchSandbox;
let proxy: LoggingProxy;

beforeAll(async () => {
  sandbox = await startBatchSandbox();
  proxy = await startLoggingProxy();
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await sandbox?.stop();
});

/** The request for `method path` as it went through the proxy's tunnel: its headers and JSON body. */
function sentThroughProxy(seen: string, method: string, path: string) {
  const start = seen.indexOf(`${method} ${path} HTTP/1.1\r\n`);
  if (start < 0) throw new Error(`the proxy saw no ${method} ${path}`);
  const headEnd = seen.indexOf('\r\n\r\n', start);
  const headers = new Map(
    seen
      .slice(start, headEnd)
      .split('\r\n')
      .slice(1)
      .map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
  );
  const length = Number(headers.get('content-length'));
  // The body is JSON in ASCII here, so its byte length is its length in the latin1 log.
  const body: unknown = JSON.parse(seen.slice(headEnd + 4, headEnd + 4 + length));
  return { headers, body };
}

describe('the review of a batch completion', () => {
  it('shows for one row the method, path, headers and body the console then sends for it', async () => {
    // One row at a time, so each request crosses the proxy whole and in order.
    const console_ = await openReadBatch(sandbox, {
      forms: 4,
      failEvery: Number.MAX_SAFE_INTEGER,
      concurrency: 1,
      service: { profile: { proxy: { mode: 'url', url: proxy.url } } },
    });
    const { service, batchId, chosen } = console_;
    try {
      const action = {
        kind: 'complete',
        stepName: assessment,
        fields: [
          {
            name: 'Outcome',
            code: 'OUTCOME',
            value: 'Accepted',
            fieldId: '{processId}',
            description: 'Set by the batch',
          },
        ],
      };
      const review = await service.run(input('batches.run', { batchId, action, rows: chosen }));
      if (review.kind !== 'review') throw new Error('expected a review');
      const { request } = review;
      const row = service.store.rows(batchId).find((r) => r.externalReference === request.externalReference)!;
      expect(request.path).toBe(
        `/open-api/processes/${row.processId}/steps/${row.currentStep!.stepId}/complete`,
      );

      await service.run(input('batches.run', { batchId, action, rows: chosen, confirm: '' }));
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const sent = sentThroughProxy(proxy.seen(), request.method, request.path);
      expect(sent.body).toEqual(request.body);
      for (const name of Object.keys(request.headers)) {
        expect(sent.headers.get(name), name).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect(Object.keys(request.headers)).toEqual(['idempotency-key']);
    } finally {
      await console_.close();
    }
  }, 60_000);
});
