import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../client/fault-proxy';
import { input, jobEnded, openReadBatch, startBatchSandbox, type BatchSandbox } from './helpers';
import { completeAccepted, expectEachOnce } from './scenario';

let sandbox: BatchSandbox;
let proxy: FaultProxy;
let faulty = false;

beforeAll(async () => {
  sandbox = await startBatchSandbox();
  // 5% of requests are forwarded and then their connection is reset; 20% are held a little.
  proxy = await startFaultProxy({ host: '127.0.0.1', port: sandbox.port }, () => {
    if (!faulty) return 'none';
    const dice = Math.random();
    return dice < 0.05 ? 'reset' : dice < 0.25 ? 'delay' : 'none';
  });
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await sandbox?.stop();
});

describe('a batch run behind a faulty network', () => {
  it('completes each chosen process once and says truthfully what happened to each row', async () => {
    const console_ = await openReadBatch(sandbox, {
      forms: 500,
      concurrency: 8,
      baseUrl: proxy.url,
      beforeRead: () => {
        faulty = true;
      },
    });
    try {
      const { service, client, profile, audit, batchId, chosen, waiting } = console_;
      expect(waiting).toBeGreaterThan(100);
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      faulty = false;
      const counts = await expectEachOnce(service, client, audit, profile.id, batchId, chosen);
      console.log(
        `batch behind faults: ${waiting} rows, faults ${JSON.stringify(proxy.injected)}, outcomes ${JSON.stringify(counts)}`,
      );
      expect(proxy.injected.reset).toBeGreaterThan(0);
      expect(counts.done).toBeGreaterThan(waiting * 0.9);
    } finally {
      await console_.close();
    }
  }, 60_000);
});
