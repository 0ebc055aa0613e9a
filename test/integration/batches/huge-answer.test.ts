import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { batchReadAnswer } from '../../../src-main/core/client/answer-limits';
import type { CallOptions } from '../../../src-main/core/client/api-client';
import { createInput, input, jobEnded, openService, submitForms } from './helpers';
import { useBatchSandbox } from './limiter';

/*
 * A hostile service answering a batch's reads with huge bodies. Every answer may be 32 MiB, and a
 * batch reads up to 32 processes at once: a gigabyte of text in main before any is parsed. A
 * batch's read of one process now stops at 8 MiB with a sentence on that row, announced or not,
 * and the rest of the batch is read. The reference service cannot answer a process this large, so
 * the hostile service is a small server of the test's; the one good answer is the service's own.
 */

const setup = useBatchSandbox();
const dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-huge-'));
const huge = JSON.stringify({ padding: 'x'.repeat(9 * 1024 * 1024) });
let realProcess = '';
let realReference = '';
let everyAnswerHuge = false;
const methods: string[] = [];
const hostile = createServer((req, res) => {
  methods.push(req.method!);
  const reference = decodeURIComponent(req.url!.split('/').at(-1)!);
  if (reference === realReference && !everyAnswerHuge) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(realProcess);
  } else if (reference === 'FT-000001' || everyAnswerHuge) {
    // Announced: refused as soon as the headers say how long it is.
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(huge) });
    res.end(huge);
  } else if (reference === 'FT-000004' || reference === 'FT-000005') {
    // A 404 error page over 8 MiB, announced (4) or not (5): still a 404, not a huge process.
    const page = `<html>${'x'.repeat(9 * 1024 * 1024)}</html>`;
    const length = reference === 'FT-000004' ? { 'content-length': Buffer.byteLength(page) } : {};
    res.writeHead(404, { 'content-type': 'text/html', ...length });
    res.end(page);
  } else if (reference === 'FT-000002') {
    // Not announced (chunked): refused once 8 MiB has arrived.
    res.writeHead(200, { 'content-type': 'application/json' });
    for (let at = 0; at < huge.length; at += 64 * 1024) res.write(huge.slice(at, at + 64 * 1024));
    res.end();
  } else {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{}');
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  const [started] = await submitForms(setup.sandbox.url, 1, 100);
  const answer = await request(`${setup.sandbox.url}/open-api/processes/${started!.processId}`, {
    headers: { 'x-api-key': setup.sandbox.key.apiKey, 'x-api-secret': setup.sandbox.key.apiSecret },
  });
  realProcess = await answer.body.text();
  realReference = started!.externalReference;
}, 60_000);

afterAll(async () => {
  hostile.closeAllConnections();
  await new Promise((resolve) => hostile.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a batch answered with bodies over 8 MiB', () => {
  it('fails those rows with a sentence, reads the rest, and sends nothing to a row it could not read', async () => {
    const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    const console_ = openService(dataDir, url, setup.sandbox.key);
    const { service, profile } = console_;
    try {
      service.settings({ profileId: profile.id, concurrency: 3, ratePerSecond: 1000 });
      const made = createInput({ profileId: profile.id, text: `FT-000001\nFT-000002\n${realReference}` });
      if (!made.ok) throw new Error(made.message);
      const { batchId } = service.create(made.value).batch;
      await service.read(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const rows = service.store.rows(batchId);
      const sentence =
        "The service's answer for this process is larger than 8 MiB, more than a batch reads for one process, so the console stopped reading it. Open the process on its own to see it.";
      expect(rows.map((row) => [row.read, row.readError])).toEqual([
        ['failed', sentence],
        ['failed', sentence],
        ['read', null],
      ]);
      expect(rows[2]!.currentStep).not.toBeNull();

      // A run reads each row's process before sending to it: capped alike, and nothing is sent.
      everyAnswerHuge = true;
      const note = { kind: 'note', contents: 'Checked by the back office.', visibleToAccounts: false };
      await service.run(input('batches.run', { batchId, action: note, rows: [3], confirm: '' }));
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const [, , third] = service.store.rows(batchId);
      expect(third!.action).toBe('failed');
      expect(third!.actionMessage).toContain(sentence);
      expect(methods.filter((method) => method !== 'GET')).toEqual([]);
    } finally {
      await console_.close();
    }
  }, 60_000);

  it('keeps the status of an error answer over 8 MiB: a 404 page says not found, not too large', async () => {
    const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    everyAnswerHuge = false;
    const console_ = openService(mkdtempSync(join(dataDir, 'errors-')), url, setup.sandbox.key);
    const { service, profile, requests } = console_;
    try {
      const made = createInput({ profileId: profile.id, text: 'FT-000004\nFT-000005' });
      if (!made.ok) throw new Error(made.message);
      const { batchId } = service.create(made.value).batch;
      await service.read(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const rows = service.store.rows(batchId);
      expect(rows.map((row) => row.read)).toEqual(['failed', 'failed']);
      for (const row of rows) {
        expect(row.readError).toContain(`There is no process with external reference ${row.input}`);
        expect(row.readError).toContain('(404)');
      }
      // The request log keeps the status and counts what arrived; the page itself is not kept.
      const logged = requests.filter((entry) => entry.operation === 'getProcessByReference');
      expect(logged.map((entry) => entry.status)).toEqual([404, 404]);
      for (const entry of logged) expect(JSON.stringify(entry.responseBody)).not.toContain('xxxx');
    } finally {
      await console_.close();
    }
  }, 60_000);

  it("keeps a batch read's cap and call whatever options a caller passes", async () => {
    const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    everyAnswerHuge = false;
    const console_ = openService(mkdtempSync(join(dataDir, 'options-')), url, setup.sandbox.key);
    const { client, profile } = console_;
    try {
      const higher = { ...batchReadAnswer, limit: 64 * 1024 * 1024 };
      // A cap above 8 MiB, no cap, and keys that name another call: the read stays a capped GET.
      const extra = { answerLimit: undefined, operation: 'addNote', schema: z.any() } as CallOptions;
      for (const options of [{ answerLimit: higher }, extra]) {
        await expect(
          client.getProcessSummary(profile.id, { externalReference: 'FT-000001' }, options),
        ).rejects.toThrow('larger than 8 MiB');
      }
      expect(methods.filter((method) => method !== 'GET')).toEqual([]);
    } finally {
      await console_.close();
    }
  }, 60_000);
});
