/**
 * Benchmark: what the check before writing (sqlite.ts, `checkBeforeWriting`) adds to opening the
 * batches at start: a batches.db of 10 batches of 10,000 read rows each, every row with a step and
 * a journal line, opened five times with the check and five times with the same open without it
 * (medians printed), beside `PRAGMA quick_check` alone and `PRAGMA integrity_check` for comparison.
 * Each open is of a file another connection just closed, so the pages are in the OS cache, as at a
 * restart; a cold disk adds its read time. Never fails on time (STYLE rule 22).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { batchDbPath, batchMigrations, openBatchDb } from '../../src-main/core/batches/batch-db';
import { openDurableDatabase } from '../../src-sandbox/storage/sqlite';

const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-db-check-'));
const file = batchDbPath(dataDir);
const tooNew = () => new Error('too new');

const db = openBatchDb(dataDir);
const batch = db.prepare(
  "INSERT INTO batches (batch_id, profile_id, name, created_at, updated_at) VALUES (?, 'p1', ?, ?, ?)",
);
const row = db.prepare(`INSERT INTO rows (batch_id, row_no, input, input_kind, process_id,
  external_reference, process_type_name, status, step_id, step_name, step_kind, step_started_on,
  allocated_user, read_state, read_at, action_state, action_message)
  VALUES (?, ?, ?, 'reference', ?, ?, 'Funding application', 'Active', ?, 'Back office assessment',
  'manual', ?, 'j.smith@example.org', 'read', ?, 'done', 'Completed')`);
const journal = db.prepare(`INSERT INTO journal (intent_id, batch_id, row_no, action_json, process_id,
  external_reference, created_at, outcome, settled_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'done', ?)`);
const now = new Date().toISOString();
for (let b = 0; b < 10; b += 1) {
  db.exec('BEGIN');
  const batchId = `batch-${b}`;
  batch.run(batchId, `Batch ${b}`, now, now);
  for (let n = 0; n < 10_000; n += 1) {
    const reference = `FT-${String(b * 10_000 + n).padStart(6, '0')}`;
    const processId = crypto.randomUUID();
    row.run(batchId, n, reference, processId, reference, crypto.randomUUID(), now, now);
    const action = JSON.stringify({
      kind: 'complete',
      fields: { decision: 'Approved', note: 'x'.repeat(40) },
    });
    journal.run(crypto.randomUUID(), batchId, n, action, processId, reference, now, now);
  }
  db.exec('COMMIT');
}
db.close();

function median(work: () => void): number {
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

function pragma(name: string): () => void {
  return () => {
    const reader = new DatabaseSync(file, { readOnly: true });
    reader.prepare(`PRAGMA ${name}`).all();
    reader.close();
  };
}

console.log(
  `Load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
console.log(`batches.db: 10 batches of 10,000 rows, ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB`);
const checked = median(() => openBatchDb(dataDir).close());
const unchecked = median(() => openDurableDatabase(file, { migrations: batchMigrations, tooNew }).close());
console.log(
  `open with the check: ${checked.toFixed(1)} ms, without: ${unchecked.toFixed(1)} ms (median of 5)`,
);
console.log(`quick_check alone: ${median(pragma('quick_check')).toFixed(1)} ms (median of 5)`);
console.log(
  `integrity_check, for comparison: ${median(pragma('integrity_check')).toFixed(1)} ms (median of 5)`,
);
rmSync(dataDir, { recursive: true, force: true });
