/**
 * Benchmark (a): what the console adds on top of a plain HTTP request. 2,000 sequential
 * `steps.current` calls against the reference service through each path, compared with the same
 * number of direct undici requests to the same service in the same run; prints p50 and p99 of
 * each and the added latency. Never fails on time (STYLE rule 18).
 *
 * Legs: `direct undici` (baseline), `API client` (core/client: auth headers, deadline, recording,
 * zod validation). TODO(lead): the `handler table` and `HTTP bridge` legs need `steps.current`
 * wired in src-main/handlers.ts; add them to `legs` below as `{name, call}` — nothing else changes.
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
    '  Targets: handler path adds <= 0.5 ms p50; HTTP bridge <= 1.5 ms p50 (legs pending the handler wiring).',
  );

  await client.close();
  await agent.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
