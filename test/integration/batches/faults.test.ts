import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../client/fault-proxy';
import {
  input,
  jobEnded,
  openService,
  restStepsSettled,
  startBatchSandbox,
  submitForms,
  type BatchSandbox,
} from './helpers';
import { completeAccepted, expectEachOnce, readBatch } from './scenario';

let sandbox: BatchSandbox;
let proxy: FaultProxy;
let dataDir: string;
let faulty = false;

beforeAll(async () => {
  sandbox = await startBatchSandbox();
  // 5% of requests are forwarded and then their connection is reset; 20% are held a little.
  proxy = await startFaultProxy({ host: '127.0.0.1', port: sandbox.port }, () => {
    if (!faulty) return 'none';
    const dice = Math.random();
    return dice < 0.05 ? 'reset' : dice < 0.25 ? 'delay' : 'none';
  });
  dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-faults-'));
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a batch run behind a faulty network', () => {
  it('completes each chosen process once and says truthfully what happened to each row', async () => {
    const started = await submitForms(sandbox.url, 500);
    const console_ = openService(dataDir, proxy.url, sandbox.key);
    try {
      const { service, client, profile, audit } = console_;
      service.settings({ profileId: profile.id, concurrency: 8, ratePerSecond: 1000 });
      await restStepsSettled(
        client,
        profile.id,
        started.map((p) => p.processId),
      );
      faulty = true;
      const { batchId, chosen, waiting } = await readBatch(
        service,
        profile.id,
        started.map((p) => p.externalReference),
      );
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
