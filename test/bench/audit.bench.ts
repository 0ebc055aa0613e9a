/**
 * Audit benchmark (printed, never asserted), issue 16. With 200,000 actions written the way the
 * console writes them: the index built from scratch; `audit.list`'s first page and a filtered page;
 * an export of every record (MiB/s, peak RSS); the console's RSS at rest and with the Audit screen
 * open (browser shell). Before the index, each `audit.list` took 2.1-2.6 s and the console peaked at 1.26 GB.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuditLog } from '../../src-main/core/audit/audit-log';
import { bigAuditReference, writeBigAudit } from '../support/big-audit';
import { consoleRssWithAuditOpen } from './audit-console-rss';

const actions = 200_000;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

async function main(): Promise<void> {
  console.log(
    `Load average at start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (2 shared cores)`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-audit-bench-'));
  const file = join(dataDir, 'audit.jsonl');
  writeBigAudit(file, actions);
  console.log(`audit.jsonl: ${actions.toLocaleString()} actions, ${mib(statSync(file).size)} MiB`);
  try {
    const log = createAuditLog(dataDir);
    const [, build] = await timed(() => log.list({ limit: 1 }));
    console.log(`Index build from scratch: ${(build / 1000).toFixed(1)} s`);

    const first: number[] = [];
    const filtered: number[] = [];
    const text: number[] = [];
    for (let run = 0; run < 9; run += 1) {
      first.push((await timed(() => log.page()))[1]);
      filtered.push((await timed(() => log.page({ processId: bigAuditReference(run * 311) })))[1]);
      text.push((await timed(() => log.page({ text: `FT-00${run}`, outcome: 'failed' })))[1]);
    }
    console.log(
      `audit.list first page (200): median ${median(first).toFixed(1)} ms (target < 100; was 2,100-2,600)`,
    );
    console.log(`audit.list one process's page: median ${median(filtered).toFixed(1)} ms (target < 100)`);
    console.log(`audit.list free text + outcome: median ${median(text).toFixed(1)} ms (target < 100)`);

    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const target = join(dataDir, 'export.jsonl');
    const [exported, exportMs] = await timed(() => log.exportTo(target, 'jsonl'));
    clearInterval(sampler);
    const size = statSync(target).size;
    console.log(
      `Export of all ${exported.count.toLocaleString()} records (JSONL, ${mib(size)} MiB): ${(exportMs / 1000).toFixed(1)} s, ` +
        `${(size / 2 ** 20 / (exportMs / 1000)).toFixed(1)} MiB/s, RSS ${mib(rssBefore)} -> peak ${mib(peak)} MiB (was 1.26 GB to list)`,
    );
    log.close();

    const rss = await consoleRssWithAuditOpen(dataDir);
    if (rss) {
      console.log(
        `Console RSS at rest ${mib(rss.atRest)} MiB; with the Audit screen open ${mib(rss.auditOpen)} MiB ` +
          `(+${mib(rss.auditOpen - rss.atRest)} MiB; target within 100 MiB; was 1.26 GB)`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `Load average at end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

await main();
