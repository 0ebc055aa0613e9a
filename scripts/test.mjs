#!/usr/bin/env node
// Runs every check in order (format, typecheck, lint, unit, integration, build, end-to-end) and
// ends with one total line, `N passed, N failed, N skipped`, summed over the test suites. A check
// that is not a test suite (format, types, lint, build) counts as one failed test when it fails.
// Every stage runs even after a failure, so one run shows every problem.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;

// One Node for tests, the browser shell and the desktop: Electron 45 embeds Node 24. npm scripts
// run on the `node` dev dependency's binary, so this holds even where the system Node is older.
console.log(`Node ${process.version} (${process.execPath})`);
if (!process.version.startsWith('v24.')) {
  console.error(
    `The suite must run on Node 24 (Electron 45's), not ${process.version}: run it with \`npm test\`.`,
  );
  process.exit(1);
}
const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const stages = [
  { name: 'system prerequisites', command: ['bash', 'scripts/install-system-deps.sh'], fatal: true },
  { name: 'format check', command: [bin('prettier'), '--check', '--log-level', 'warn', '.'] },
  { name: 'typecheck', command: [bin('tsc'), '-b'] },
  { name: 'lint', command: [bin('eslint'), '--max-warnings', '0', '.'] },
  {
    name: 'unit',
    command: [
      bin('vitest'),
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}/unit.json`,
    ],
    report: `${results}/unit.json`,
  },
  {
    name: 'integration',
    command: [
      'bash',
      'scripts/with-keyring.sh',
      bin('vitest'),
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}/integration.json`,
    ],
    report: `${results}/integration.json`,
  },
  { name: 'build', command: [bin('electron-vite'), 'build', '--logLevel', 'warn'] },
  {
    name: 'end-to-end',
    command: ['bash', 'scripts/with-keyring.sh', bin('playwright'), 'test'],
    report: `${results}/e2e.json`,
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];

for (const stage of stages) {
  console.log(`\n=== ${stage.name}`);
  const run = spawnSync(stage.command[0], stage.command.slice(1), { stdio: 'inherit', env: process.env });
  const succeeded = run.status === 0;
  const counted = stage.report ? readCounts(stage.report) : undefined;
  if (counted) {
    totals.passed += counted.passed;
    totals.failed += counted.failed;
    totals.skipped += counted.skipped;
    if (!succeeded && counted.failed === 0) totals.failed += 1; // the suite itself broke
  } else if (!succeeded) {
    totals.failed += 1;
  }
  if (stage.report) printSkipReasons(stage.report);
  if (!succeeded) failedStages.push(stage.name);
  if (!succeeded && stage.fatal) break;
}

console.log('');
if (failedStages.length) console.log(`Failed: ${failedStages.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);

/** Reads pass/fail/skip counts from a Vitest or Playwright JSON report. */
function readCounts(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Says why each skipped end-to-end test was skipped, so a skip is never silent. */
function printSkipReasons(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const skip = (t.annotations ?? []).find((a) => a.type === 'skip');
        if (t.status === 'skipped')
          console.log(`Skipped: ${spec.title}${skip?.description ? ` (${skip.description})` : ''}`);
      }
    }
    (suite.suites ?? []).forEach(visit);
  };
  (report.suites ?? []).forEach(visit);
}
