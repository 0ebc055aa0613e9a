#!/usr/bin/env node
// `npm run bench`: every benchmark under test/bench/, each printing its figures with the machine
// and what it was compared against. Benchmarks never fail on time.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { buildSync } from 'esbuild';
import { buildIfStale } from './build-if-stale.mjs';

const benches = existsSync('test/bench')
  ? readdirSync('test/bench')
      .filter((f) => f.endsWith('.bench.ts'))
      // `npm run bench -- batch` runs only the benchmarks whose file name holds "batch".
      .filter((f) => !process.argv[2] || f.includes(process.argv[2]))
      .sort()
  : [];
if (benches.length === 0) {
  console.log(
    process.argv[2]
      ? `No benchmark in test/bench/ has "${process.argv[2]}" in its file name.`
      : 'No benchmarks yet.',
  );
  process.exit(process.argv[2] ? 2 : 0);
}

// The UI benchmark drives the built console.
buildIfStale();

console.log(
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
let failed = false;
/*
 * A benchmark of main-process code marked `@bench-runs-bundled` runs as the console runs that
 * code: bundled by esbuild without tsx's keepNames transform (electron-vite builds the console
 * that way too). Under tsx every closure is renamed with a defineProperty each time it is
 * created, about 30 us per request of a batch read that the console itself never pays.
 */
const bundledMarker = '@bench-runs-bundled';

function entryOf(file) {
  const source = `test/bench/${file}`;
  if (!readFileSync(source, 'utf8').includes(bundledMarker))
    return { args: ['node_modules/.bin/tsx', source] };
  // Next to its source, so paths it resolves from import.meta.url stay the same.
  const outfile = `test/bench/.${file.replace(/\.ts$/, '')}.bundle.mjs`;
  buildSync({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    logLevel: 'warning',
  });
  // --expose-gc: a benchmark may collect between its passes, so one pass's garbage is not the next's.
  return { args: ['node', '--expose-gc', outfile], cleanup: () => rmSync(outfile, { force: true }) };
}

for (const file of benches) {
  console.log(`\n=== ${file}`);
  const entry = entryOf(file);
  const run = spawnSync('bash', ['scripts/with-keyring.sh', ...entry.args], { stdio: 'inherit' });
  entry.cleanup?.();
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
