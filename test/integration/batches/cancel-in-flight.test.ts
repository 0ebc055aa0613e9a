import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for';
import { startFaultProxy, type FaultProxy } from '../client/fault-proxy';
import {
  completeAccepted,
  input,
  jobEnded,
  openReadBatch,
  startBatchSandbox,
  type BatchSandbox,
} from './helpers';

/*
 * Review finding (s24ra): a stop (cancel, pause) was looked at only between rows, so a row whose
 * process was being read when the user cancelled went on to send its change: up to the lane's
 * concurrency of changes left after Cancel was pressed. A row that has sent nothing when the stop
 * comes now sends nothing, and ends cancelled (or stays queued for a resume).
 */

let sandbox: BatchSandbox;
let proxy: FaultProxy;
let slowReads = false;
let readsHeld = 0;

beforeAll(async () => {
  sandbox = await startBatchSandbox();
  // Once turned on, every GET reaches the service 400 ms late: the run's reads are in flight long
  // enough for the test to cancel while they are.
  proxy = await startFaultProxy(
    { host: '127.0.0.1', port: sandbox.port },
    (line) => {
      if (!slowReads || line.method !== 'GET') return 'none';
      readsHeld += 1;
      return 'delay';
    },
    () => 400,
  );
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await sandbox?.stop();
});

describe('a run cancelled while its first rows are reading their processes', () => {
  it('sends no change after the cancel; those rows end cancelled, nothing was sent', async () => {
    const console_ = await openReadBatch(sandbox, {
      forms: 8,
      failEvery: 100,
      concurrency: 4,
      baseUrl: proxy.url,
    });
    const { service, requests, batchId, chosen } = console_;
    try {
      expect(chosen).toHaveLength(7);
      slowReads = true;
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      await waitFor(() => readsHeld >= 4 || undefined, { what: 'four reads in flight', timeoutMs: 10_000 });
      const postsBefore = requests.filter((entry) => entry.method === 'POST').length;
      await service.cancel(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('cancelled');
      expect(requests.filter((entry) => entry.method === 'POST').length).toBe(postsBefore);
      const rows = chosen.map((rowNo) => service.store.row(batchId, rowNo));
      expect(rows.map((row) => [row.action, row.actionMessage])).toEqual(
        chosen.map(() => ['cancelled', 'Cancelled before it was sent.']),
      );
    } finally {
      slowReads = false;
      await console_.close();
    }
  }, 60_000);
});
