/**
 * Benchmark: what the desktop main bundle reads before `ready`. Runs the built
 * `out/main/electron.js` in Node against the stand-in `electron` of a production-only tree (as
 * the smoke test does) and prints its static import graph (every file loaded before its first
 * line), what is loaded by `ready`, and the median time from spawning Node to the first line and
 * from `ready` to the window shown. Node is not Electron: the times compare builds, they are not
 * the console's start time. Never fails on time (STYLE rule 22).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DesktopRun } from '../support/desktop/desktop-run';
import { describeLoadedSize, loadedSize } from '../support/desktop/loaded-size';
import { buildProductionTree } from '../support/desktop/production-tree';

const runs = 5;
const tree = buildProductionTree(process.cwd());
const firstLineMs: number[] = [];
const shownMs: number[] = [];
let sizes: { static: string; ready: string } | undefined;
try {
  for (let index = 0; index < runs; index += 1) {
    const home = mkdtempSync(join(tmpdir(), 'process-console-bench-home-'));
    const started = performance.now();
    const run = new DesktopRun(tree.dir, ['--data', join(home, 'data')], { STAND_IN_HOME: home });
    try {
      await run.until('the first line', () => run.calls.length > 0);
      firstLineMs.push(performance.now() - started);
      await run.until('the wait for ready', () => run.names().includes('app.whenReady'));
      const ready = performance.now();
      run.send({ type: 'ready' });
      await run.until('the window shown', () => run.names().includes('BrowserWindow.show'));
      shownMs.push(performance.now() - ready);
      sizes ??= {
        static: describeLoadedSize(loadedSize(tree.dir, run.loaded.static!)),
        ready: describeLoadedSize(loadedSize(tree.dir, run.loaded.ready!)),
      };
    } finally {
      run.kill();
      await run.exited;
      rmSync(home, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(tree.dir, { recursive: true, force: true });
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`Load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores; ${runs} starts.`);
console.log(`Static import graph of out/main/electron.js: ${sizes!.static}`);
console.log(`Loaded by ready: ${sizes!.ready}`);
console.log(
  `Median: ${Math.round(median(firstLineMs))} ms from spawning Node to the first line; ${Math.round(median(shownMs))} ms from ready to the window shown.`,
);
console.log(
  'Compared against: the build before core and the reference service were imported after ready (e72e943): 4,231 kB in 548 files (bundle 627 kB / 3 files; packages 3,604 kB / 545 files, Fastify, the Swagger packages, undici and yaml among them), the same before ready.',
);
