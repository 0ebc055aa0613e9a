#!/usr/bin/env node
// `npm run bench`: every benchmark under test/bench/, each printing its figures with the machine
// and what it was compared against. Benchmarks never fail on time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { buildIfStale } from './build-if-stale.mjs';

// The UI benchmark drives the built console.
buildIfStale();

console.log(
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
const benches = existsSync('test/bench')
  ? readdirSync('test/bench')
      .filter((f) => f.endsWith('.bench.ts'))
      .sort()
  : [];
if (benches.length === 0) console.log('No benchmarks yet.');
let failed = false;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const run = spawnSync('bash', ['scripts/with-keyring.sh', 'node_modules/.bin/tsx', `test/bench/${file}`], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
