import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialVault } from '../../../src-main/core/secrets/credentials';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { waitFor } from '../../support/wait-for';
import {
  createInput,
  jobEnded,
  openService,
  startBatchSandbox,
  submitForms,
  type BatchSandbox,
} from './helpers';

let sandbox: BatchSandbox;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pc-batch-bad-'));
  folders.push(dir);
  return dir;
};
const profileId = '6b1f3c2a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

beforeAll(async () => {
  sandbox = await startBatchSandbox();
}, 30_000);

afterAll(async () => {
  await sandbox?.stop();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('making a batch from bad input', () => {
  it('refuses 10,001 lines with a sentence that says how many and what to do', () => {
    const text = Array.from({ length: 10_001 }, (_, n) => `FT-${String(n).padStart(6, '0')}`).join('\n');
    expect(createInput({ profileId, text })).toEqual({
      ok: false,
      message: 'A batch holds at most 10,000 lines and this one has 10,001; split it into smaller batches.',
    });
    const items = text.split('\n').slice(0, 10_000);
    expect(createInput({ profileId, items }).ok).toBe(true);
  });

  it('refuses a 50 MiB CSV before reading it', () => {
    const csv = `reference\r\n${'FT-000001\r\n'.repeat(Math.ceil((50 * 2 ** 20) / 11))}`;
    const started = performance.now();
    const answer = createInput({ profileId, csv, column: 'reference' });
    expect(answer).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^The CSV is larger than 16 MiB; a batch holds at most 10,000 lines, so split the file\.$/,
      ),
    });
    console.log(`50 MiB CSV refused in ${Math.round(performance.now() - started)} ms`);
  });

  it('names the columns found when the chosen column is not there, and takes the right one', () => {
    const csv = 'Case,"External reference",Owner\r\n1,FT-000001,Ada\r\n2,"FT-000002",Bob\r\n3,,Cy\r\n';
    expect(createInput({ profileId, csv, column: 'Reference' })).toEqual({
      ok: false,
      message:
        'The CSV has no column "Reference"; its columns are "Case", "External reference", "Owner". Choose one of them.',
    });
    const made = createInput({ profileId, csv, column: ' external REFERENCE ' });
    expect(made.ok && made.value.sorted).toMatchObject({
      lines: [{ input: 'FT-000001' }, { input: 'FT-000002' }],
      blankLines: 1,
    });
  });

  it('refuses to read a batch for a profile without credentials, saying so', async () => {
    const credentials = createCredentialVault({ store: createMemorySecretStore() });
    const console_ = openService(folder(), sandbox.url, sandbox.key, { credentials });
    try {
      const made = createInput({ profileId: console_.profile.id, items: ['FT-000001'] });
      const { batchId } = console_.service.create(made.ok ? made.value : (undefined as never)).batch;
      const refused = await console_.service.read(batchId).then(
        () => null,
        (error: { error: unknown }) => error.error,
      );
      expect(refused).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/key/i) });
      expect(console_.service.store.summary(batchId).counts.read.unread).toBe(1);
    } finally {
      await console_.close();
    }
  });
});

/** A gate in front of the service that can refuse connections (nothing listening) and open again. */
async function startGate(target: number) {
  const sockets = new Set<Socket>();
  const make = (): Server =>
    createServer((client) => {
      const upstream = connect(target, '127.0.0.1');
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const end = () => [client, upstream].forEach((socket) => socket.destroy());
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
  let server = make();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async down() {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
    async up() {
      server = make();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the service stopping mid-batch', () => {
  it('pauses the batch with a sentence, and resuming reads the rest', async () => {
    const started = await submitForms(sandbox.url, 30);
    const gate = await startGate(sandbox.port);
    const console_ = openService(folder(), gate.url, sandbox.key);
    try {
      const { service, profile } = console_;
      service.settings({ profileId: profile.id, concurrency: 2, ratePerSecond: 10 });
      const made = createInput({ profileId: profile.id, items: started.map((p) => p.externalReference) });
      const { batchId } = service.create(made.ok ? made.value : (undefined as never)).batch;
      await service.read(batchId);
      await waitFor(() => service.store.summary(batchId).counts.read.read >= 5, { what: 'five rows read' });
      await gate.down();
      const paused = await jobEnded(service, batchId);
      expect(paused.status).toBe('paused');
      expect(paused.reason).toMatch(
        /^The batch paused itself: 5 rows in a row could not reach the service \(Nothing is answering at http:\/\/127\.0\.0\.1:\d+ \(connection refused\)\..*\) Resume when it is back/,
      );
      const counts = service.store.summary(batchId).counts.read;
      expect(counts.failed).toBe(0);
      expect(counts.read).toBeLessThan(30);
      await gate.up();
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(service.store.summary(batchId).counts.read).toMatchObject({ read: 30, failed: 0, queued: 0 });
    } finally {
      await console_.close();
      await gate.close();
    }
  }, 30_000);
});
