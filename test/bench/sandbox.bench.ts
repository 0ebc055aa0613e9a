/**
 * Benchmark of the reference service (`npm run bench`): 50 connections for 10 s on loopback, with
 * autocannon, against the service's hot reads and its note write, each compared with a bare
 * Fastify route returning a constant, served from its own process on the same machine in the same
 * run. Prints figures; asserts nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const connections = 50;
const duration = 10;
const warmup = 2;

if (process.argv.includes('--bare-server')) {
  // The baseline: the same framework with nothing behind the route.
  const app = Fastify({ logger: false });
  app.get('/constant', async () => ({ status: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`Bare ready at http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
} else {
  await main();
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-sandbox-bench-'));
  const tsx = ['--import', 'tsx'];
  const created = spawnSync(
    process.execPath,
    [...tsx, 'src-sandbox/cli.ts', 'create-key', '--data', dataDir, '--name', 'Bench'],
    {
      encoding: 'utf8',
    },
  );
  const key = JSON.parse(created.stdout) as { apiKey: string; apiSecret: string };
  const sandbox = await startChild(
    [...tsx, 'src-sandbox/cli.ts', '--port', '0', '--data', dataDir],
    /Sandbox ready at (\S+)/,
  );
  const bare = await startChild(
    [...tsx, 'test/bench/sandbox.bench.ts', '--bare-server'],
    /Bare ready at (\S+)/,
  );
  try {
    const headers = { 'x-api-key': key.apiKey, 'x-api-secret': key.apiSecret };
    const process3 = (await (
      await fetch(`${sandbox.url}/open-api/processes/external-reference/FT-000003`, { headers })
    ).json()) as {
      processId: string;
    };
    const process5 = (await (
      await fetch(`${sandbox.url}/open-api/processes/external-reference/FT-000005`, { headers })
    ).json()) as {
      processId: string;
    };
    const results: Figures[] = [];
    results.push(await measure('bare Fastify constant (before)', { url: `${bare.url}/constant` }));
    results.push(
      await measure('GET /open-api/processes/{id}/current-step', {
        url: `${sandbox.url}/open-api/processes/${process3.processId}/current-step`,
        headers,
      }),
    );
    results.push(
      await measure('GET /open-api/processes/{id}', {
        url: `${sandbox.url}/open-api/processes/${process3.processId}`,
        headers,
      }),
    );
    results.push(
      await measure('POST /open-api/processes/{id}/notes', {
        url: `${sandbox.url}/open-api/processes/${process5.processId}/notes`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ contents: 'Benchmark note from the back office', visibleToAccounts: false }),
      }),
    );
    results.push(await measure('bare Fastify constant (after)', { url: `${bare.url}/constant` }));
    report(results);
  } finally {
    sandbox.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
    await Promise.all([exited(sandbox.child), exited(bare.child)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  await autocannon({ ...options, connections, duration: warmup });
  const result = await autocannon({ ...options, connections, duration });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

function report(results: Figures[]): void {
  const bares = results.filter((r) => r.name.startsWith('bare'));
  const bareRps = bares.reduce((sum, r) => sum + r.rps, 0) / bares.length;
  console.log(`Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log(
    `Load: autocannon, ${connections} connections, ${duration} s each (after ${warmup} s warm-up), loopback;`,
  );
  console.log('the service and the bare route each run in their own process, autocannon in this one.\n');
  console.log(
    `${'target'.padEnd(44)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'vs bare'.padStart(8)} failures`,
  );
  for (const r of results) {
    const ratio = `${Math.round((r.rps / bareRps) * 100)}%`;
    console.log(
      `${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${ratio.padStart(8)} ${r.failures}`,
    );
  }
  console.log(
    `\nBare route: mean of before and after = ${bareRps.toFixed(0)} req/s (the 100% of "vs bare").`,
  );
  console.log('Targets (not asserted): reads >= 50% of the bare route, notes >= 2,000 req/s, p99 < 25 ms.');
}

async function startChild(args: string[], ready: RegExp): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}
