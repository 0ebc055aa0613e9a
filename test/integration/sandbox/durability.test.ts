import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src-sandbox/server';
import type { CreatedApiKey } from '../../../src-sandbox/security/api-keys';
import { runCli, startCliServer, type CliServer } from './cli-helpers';
import { waitFor } from '../../support/wait-for';
import { call, field, tempDataDir, vendorStartSample } from './helpers';
import { startReceiver } from './receiver';

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function newFolderWithKey(): Promise<{ dataDir: string; key: CreatedApiKey }> {
  const dataDir = tempDataDir();
  folders.push(dataDir);
  const created = await runCli(['create-key', '--data', dataDir, '--name', 'Durability']);
  expect(created.code).toBe(0);
  expect(created.stderr).toContain('admin: ');
  return { dataDir, key: JSON.parse(created.stdout) as CreatedApiKey };
}

async function kill9(server: CliServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

describe('durability', () => {
  it('loses nothing acknowledged when the server is killed with kill -9', async () => {
    const { dataDir, key } = await newFolderWithKey();
    const first = await startCliServer(['--data', dataDir]);
    const auth = { key };
    const ft3 = (await call(first.url, 'GET', '/open-api/processes/external-reference/FT-000003', { auth }))
      .json;
    const completed = await call(
      first.url,
      'POST',
      `/open-api/processes/${ft3.processId}/steps/${ft3.steps[1].stepId}/complete`,
      {
        auth,
        body: { fields: [field('OUTCOME', 'Accepted')] },
        headers: { 'idempotency-key': 'durable-complete' },
      },
    );
    expect(completed.status).toBe(200);
    const started = await call(first.url, 'POST', '/open-api/processes', { auth, body: vendorStartSample() });
    expect(started.status).toBe(201);

    // Keep ten writers busy, kill the server mid-stream, then check every acknowledged note.
    const acknowledged: string[] = [];
    let running = true;
    const writers = Array.from({ length: 10 }, async (_, writer) => {
      for (let n = 0; running; n++) {
        try {
          const note = await call(first.url, 'POST', `/open-api/processes/${ft3.processId}/notes`, {
            auth,
            body: { contents: `writer ${writer} note ${n}` },
          });
          if (note.status === 201) acknowledged.push(note.json.noteId);
        } catch {
          return; // the connection died with the server
        }
      }
    });
    await waitFor(() => acknowledged.length >= 50, { what: '50 acknowledged notes' });
    await kill9(first);
    running = false;
    await Promise.all(writers);

    const second = await startCliServer(['--data', dataDir]);
    try {
      const after = (await call(second.url, 'GET', `/open-api/processes/${ft3.processId}`, { auth })).json;
      const noteIds = new Set(after.notes.map((note: { noteId: string }) => note.noteId));
      const lost = acknowledged.filter((id) => !noteIds.has(id));
      expect(lost).toEqual([]);
      expect(after.steps.at(-1).name).toBe('Arrange collection');
      const process = await call(second.url, 'GET', `/open-api/processes/${started.json.processId}`, {
        auth,
      });
      expect(process.json.fields).toEqual(vendorStartSample().fields);
      const replay = await call(
        second.url,
        'POST',
        `/open-api/processes/${ft3.processId}/steps/${ft3.steps[1].stepId}/complete`,
        {
          auth,
          body: { fields: [field('OUTCOME', 'Accepted')] },
          headers: { 'idempotency-key': 'durable-complete' },
        },
      );
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    } finally {
      await kill9(second);
    }
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const { dataDir, key } = await newFolderWithKey();
    const server = await startCliServer(['--data', dataDir]);
    const ft3 = (
      await call(server.url, 'GET', '/open-api/processes/external-reference/FT-000003', { auth: { key } })
    ).json;
    // A raw socket sends the request's head with `Expect: 100-continue`: Node's HTTP server answers
    // "100 Continue" once it has parsed the head, which is the moment the request is in flight.
    const body = JSON.stringify({ contents: 'Sent across a shutdown', visibleToAccounts: false });
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      [
        `POST /open-api/processes/${ft3.processId}/notes HTTP/1.1`,
        `host: 127.0.0.1:${port}`,
        'content-type: application/json',
        `content-length: ${Buffer.byteLength(body)}`,
        'expect: 100-continue',
        `x-api-key: ${key.apiKey}`,
        `x-api-secret: ${key.apiSecret}`,
        '',
        '',
      ].join('\r\n'),
    );
    await waitFor(() => received.startsWith('HTTP/1.1 100 Continue\r\n\r\n'), {
      what: 'the server to read the request head (its 100 Continue)',
    });
    server.child.kill('SIGTERM');
    await waitFor(() => server.output().includes('SIGTERM: finishing'), { what: 'the SIGTERM line' });
    socket.end(body);
    await closed;
    const answer = received.slice(received.indexOf('\r\n\r\n') + 4);
    const [head = '', payload = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
    const note = JSON.parse(payload) as { noteId: string };
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: finishing in-flight requests');

    const again = await startSandbox({ dataDir, port: 0 });
    try {
      const after = await call(again.url, 'GET', `/open-api/processes/${ft3.processId}`, { auth: { key } });
      expect(after.json.notes.map((n: { noteId: string }) => n.noteId)).toContain(note.noteId);
    } finally {
      await again.close();
    }
  });

  it('calls a REST step again after a crash between commit and call (sweep and retry-rest-steps)', async () => {
    const { dataDir, key } = await newFolderWithKey();
    const hang = await startReceiver('hang');
    const ok = await startReceiver('ok', { caseReference: 'BO-RETRY' });
    try {
      const crashing = await startCliServer(['--data', dataDir, '--outbound-url', hang.url]);
      const submitted = await call(crashing.url, 'POST', '/forms/report-fly-tipping/submissions', {
        body: { answers: { FirstName: 'Crash' } },
      });
      const processId: string = submitted.json.processId;
      await waitFor(() => hang.received.some((r) => r.body.ProcessId === processId), {
        what: 'the REST step call to reach the hanging receiver',
      });
      await kill9(crashing);

      // Visibly "not yet called": current, no recorded call (the new start's own call hangs again).
      const looking = await startSandbox({ dataDir, port: 0, outboundUrl: hang.url });
      const seen = (
        await call(looking.url, 'GET', `/open-api/processes/${processId}/current-step`, { auth: { key } })
      ).json;
      expect(seen).toMatchObject({ kind: 'RestApi', completedOn: null, restCall: null });
      await looking.close();

      // The start-up sweep calls it again.
      const sweeping = await startCliServer(['--data', dataDir, '--outbound-url', ok.url]);
      const moved = await waitFor(
        async () => {
          const step = (
            await call(sweeping.url, 'GET', `/open-api/processes/${processId}/current-step`, {
              auth: { key },
            })
          ).json;
          return step.name === 'Back office assessment' ? step : undefined;
        },
        { what: 'the sweep to call the step' },
      );
      expect(moved.completedOn).toBeNull();
      await kill9(sweeping);

      // retry-rest-steps calls failed steps too (the seed's FT-000004 failed: connection refused).
      const retry = await runCli(['retry-rest-steps', '--data', dataDir, '--outbound-url', ok.url]);
      expect(retry.code).toBe(0);
      expect(retry.stdout).toMatch(/Called \d+ REST API step/);
      expect(retry.stdout).toContain('FT-000004: HTTP 200, step completed.');
      const check = await startSandbox({ dataDir, port: 0 });
      const ft4 = (
        await call(check.url, 'GET', '/open-api/processes/external-reference/FT-000004', { auth: { key } })
      ).json;
      expect(ft4.steps.map((s: { name: string }) => s.name)).toEqual([
        'Send to back office',
        'Back office assessment',
      ]);
      expect(ft4.fields).toContainEqual(
        expect.objectContaining({ code: 'BACK_OFFICE_REF', value: 'BO-RETRY' }),
      );
      await check.close();
    } finally {
      await hang.close();
      await ok.close();
    }
  });
});
