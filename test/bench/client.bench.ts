/**
 * Benchmark (a): what the console adds on top of a plain HTTP request. 2,000 sequential
 * `steps.current` calls against the reference service through each path, compared with the same
 * number of direct undici requests to the same service in the same run; prints p50 and p99 of
 * each and the added latency. Never fails on time (STYLE rule 18).
 *
 * Legs: `direct undici` (baseline); `API client` (core/client: auth headers, deadline, recording,
 * zod validation); `handler table` (the one door: contract validation, then the client, with the
 * credentials from the real keychain); `HTTP bridge` (the browser shell's POST /bridge/<call>).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createApiClient } from '../../src-main/core/client/api-client';
import { Failure } from '../../src-main/core/failure';
import type { AuditWriter, ProfileSource } from '../../src-main/core/ports';
import { createRequestLog } from '../../src-main/core/request-log';
import { profileSchema } from '../../src-shared/profile';
import { startSandbox } from '../../src-sandbox/server';
import { createCore } from '../../src-main/core/create-core';
import { dispatch } from '../../src-main/handlers';
import { startWebShell } from '../../src-main/web-server';
import { sourceDocumentWorker } from '../support/document-worker';

const calls = 2_000;
const warmUp = 200;
/** Legs alternate in blocks so drift (GC, SQLite cache, CPU boost) hits every leg alike. */
const block = 100;

interface Leg {
  name: string;
  call: () => Promise<unknown>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-client-'));
  const sandbox = await startSandbox({ dataDir, port: 0, quiet: true });
  const key = sandbox.createApiKey('bench');
  const profile = profileSchema.parse({
    id: '0b5f0f7e-3a43-4a8e-9d0c-3c1f4b6f2a10',
    name: 'Bench',
    baseUrl: sandbox.url,
    environment: 'test',
    keyName: key.name,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const profiles: ProfileSource = {
    get: (id) => {
      if (id !== profile.id) throw new Failure('not_found', 'unknown profile');
      return profile;
    },
  };
  const audit: AuditWriter = { intent: async () => undefined, outcome: async () => undefined };
  const client = createApiClient({
    profiles,
    credentials: { get: async () => ({ apiKey: key.apiKey, apiSecret: key.apiSecret }) },
    recorder: createRequestLog(),
    audit,
  });
  const seeded = await client.getProcessByReference(profile.id, 'FT-000003');
  const path = `/open-api/processes/${seeded.processId}/current-step`;
  // The baseline gets its own keep-alive agent, as the client has its own per profile.
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const headers = { accept: 'application/json', 'x-api-key': key.apiKey, 'x-api-secret': key.apiSecret };

  // The console as both shells run it: a core with the real keychain, and the browser shell.
  const coreDir = mkdtempSync(join(tmpdir(), 'pc-bench-core-'));
  const core = await createCore({ shell: 'web', dataDir: coreDir, documentWorker: sourceDocumentWorker });
  const coreProfile = core.profiles.save({
    name: 'Bench',
    baseUrl: sandbox.url,
    environment: 'test',
    keyName: key.name,
  });
  await core.vault.set(coreProfile.id, { apiKey: key.apiKey, apiSecret: key.apiSecret });
  const shell = await startWebShell({
    port: 0,
    rendererDir: coreDir,
    dispatch: (name, input) => dispatch(core, name, input),
  });

  const legs: Leg[] = [
    {
      name: 'direct undici',
      call: async () => {
        const response = await request(`${sandbox.url}${path}`, { dispatcher: agent, headers });
        if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
        return response.body.json();
      },
    },
    { name: 'API client', call: () => client.currentStep(profile.id, seeded.processId) },
    {
      name: 'handler table',
      call: async () => {
        const result = await dispatch(core, 'steps.current', {
          profileId: coreProfile.id,
          processId: seeded.processId,
        });
        if (!result.ok) throw new Error(result.error.message);
        return result.value;
      },
    },
    {
      name: 'HTTP bridge',
      call: async () => {
        const response = await request(`http://127.0.0.1:${shell.port}/bridge/steps.current`, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization: `Bearer ${shell.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ profileId: coreProfile.id, processId: seeded.processId }),
        });
        const result = (await response.body.json()) as { ok: boolean };
        if (!result.ok) throw new Error('bridge call failed');
        return result;
      },
    },
  ];

  const samples = new Map<string, number[]>(legs.map((leg) => [leg.name, []]));
  for (const leg of legs) for (let i = 0; i < warmUp; i += 1) await leg.call();
  for (let done = 0; done < calls; done += block) {
    for (const leg of legs) {
      const times = samples.get(leg.name)!;
      for (let i = 0; i < block; i += 1) {
        const started = performance.now();
        await leg.call();
        times.push(performance.now() - started);
      }
    }
  }

  console.log(
    `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log(
    `${calls} sequential steps.current calls per leg against the reference service on ${sandbox.url}`,
  );
  const baseline = [...samples.get('direct undici')!].sort((a, b) => a - b);
  const [baseP50, baseP99] = [percentile(baseline, 50), percentile(baseline, 99)];
  for (const leg of legs) {
    const sorted = [...samples.get(leg.name)!].sort((a, b) => a - b);
    const [p50, p99] = [percentile(sorted, 50), percentile(sorted, 99)];
    const added =
      leg.name === 'direct undici'
        ? '(baseline)'
        : `added p50 ${(p50 - baseP50).toFixed(3)} ms, p99 ${(p99 - baseP99).toFixed(3)} ms`;
    console.log(`  ${leg.name.padEnd(14)} p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms  ${added}`);
  }
  console.log(
    '  Targets: handler path adds <= 0.5 ms p50; HTTP bridge <= 1.5 ms p50 (both against direct undici).',
  );

  await shell.close();
  await core.close();
  rmSync(coreDir, { recursive: true, force: true });
  await client.close();
  await agent.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
