import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../src-sandbox/security/api-keys';
import { runCli, startCliServer, type CliServer } from './cli-helpers';
import { call, isErrorBody, startTestSandbox, tempDataDir } from './helpers';

// The service runs in its own process, as `npm run sandbox` does, so the flood's client work in
// this process does not count against the service's answer times.
const dataDir = tempDataDir();
let server: CliServer;
let key: CreatedApiKey;
let pool: Pool;
beforeAll(async () => {
  const created = await runCli(['create-key', '--data', dataDir, '--name', 'Flood test key']);
  key = JSON.parse(created.stdout) as CreatedApiKey;
  server = await startCliServer(['--data', dataDir]);
  pool = new Pool(server.url, { connections: 8 });
});
afterAll(async () => {
  await pool?.destroy();
  server?.child.kill('SIGTERM');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const path = '/open-api/processes/external-reference/FT-000003';

interface Answer {
  status: number;
  retryAfter: string | undefined;
  code: string | undefined;
  body: unknown;
}

async function attempt(apiKey: string, apiSecret: string, signal: AbortSignal): Promise<Answer> {
  const response = await pool.request({
    method: 'GET',
    path,
    headers: { 'x-api-key': apiKey, 'x-api-secret': apiSecret },
    signal,
  });
  const body = (await response.body.json()) as { error?: { code?: string } };
  const retryAfter = response.headers['retry-after'];
  return {
    status: response.statusCode,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    code: body.error?.code,
    body,
  };
}

describe('a password-guessing flood', () => {
  it('is refused 401 then 429 with Retry-After, quickly, while a valid key stays fast', async () => {
    // A working client: its key is in use before the flood starts.
    const valid = () => call(server.url, 'GET', path, { auth: { key } });
    expect((await valid()).status).toBe(200);
    const deadline = AbortSignal.timeout(20_000);
    const started = performance.now();
    let flooding = true;
    const unknown = Array.from({ length: 1000 }, () =>
      attempt(randomBytes(16).toString('hex'), randomBytes(32).toString('base64url'), deadline),
    );
    const wrongSecret = Array.from({ length: 200 }, () =>
      attempt(key.apiKey, randomBytes(32).toString('base64url'), deadline),
    );
    const flood = Promise.all([...unknown, ...wrongSecret]).finally(() => (flooding = false));
    // The valid key's requests, one after another, for as long as the flood lasts.
    const validTimes: number[] = [];
    const validStatuses = new Set<number>();
    while (flooding && !deadline.aborted) {
      const before = performance.now();
      const reply = await valid();
      validTimes.push(performance.now() - before);
      validStatuses.add(reply.status);
    }
    const answers = await flood;
    const floodMs = performance.now() - started;

    const count = (status: number) => answers.filter((a) => a.status === status).length;
    const worst = Math.max(...validTimes);
    const sorted = [...validTimes].sort((a, b) => a - b);
    console.log(
      `Flood of ${answers.length} bad-credential requests: ${floodMs.toFixed(0)} ms; ` +
        `401: ${count(401)}, 429: ${count(429)}. Valid key during the flood: ${validTimes.length} requests, ` +
        `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, worst ${worst.toFixed(1)} ms.`,
    );

    expect(floodMs).toBeLessThan(20_000);
    expect(count(401) + count(429)).toBe(answers.length);
    expect(count(401)).toBeGreaterThan(0);
    expect(count(401)).toBeLessThanOrEqual(30);
    expect(count(429)).toBeGreaterThan(answers.length - 30);
    for (const answer of answers) {
      expect(isErrorBody(answer.body)).toBe(true);
      if (answer.status !== 429) continue;
      expect(answer.code).toBe('too_many_attempts');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(JSON.stringify(answer.body)).toMatch(/wait \d+ seconds?/);
    }
    expect([...validStatuses]).toEqual([200]);
    expect(validTimes.length).toBeGreaterThan(0);
    expect(worst).toBeLessThan(200);
  });

  it('limits wrong secrets per key, and lets the limit lapse', async () => {
    let offsetMs = 0;
    const limited = await startTestSandbox({ clock: () => new Date(Date.now() + offsetMs) });
    try {
      const wrong = { 'x-api-key': limited.key.apiKey, 'x-api-secret': 'not-the-secret' };
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await limited.call('GET', path, { headers: wrong })).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.at(-1)).toBe(429);
      // Even the right secret waits while the key is limited, from the address that failed: it has
      // not been seen before (auth-shared-address.test.ts: from another address, it passes).
      const blocked = await limited.call('GET', path);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      offsetMs = 61_000;
      expect((await limited.call('GET', path)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
