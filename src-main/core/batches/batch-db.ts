import { join } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { latestVersion, openDurableDatabase, type Migration } from '../../../src-sandbox/storage/sqlite';
import { Failure } from '../failure';
import { maskStoredValues } from './confidential-action';

export { transaction, transactionWithoutWaitingForDisk } from '../../../src-sandbox/storage/sqlite';

/** The batches' database connection. */
export type BatchDb = DatabaseSync;

// SQLite's primary result codes of a data folder that refuses to store: read-only, I/O error,
// corrupt, full, cannot open (https://sqlite.org/rescode.html).
const refusedCodes = new Set([8, 10, 11, 13, 14]);

/**
 * Whether `error` is the data folder refusing a write (a full disk), not a bug: a job then pauses,
 * since marking the row failed or unknown would be a second write the disk may let through (an
 * update in place needs no new page) and would say something false about the row.
 */
export function isStorageRefusal(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'ERR_SQLITE_ERROR') return false;
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' && refusedCodes.has(code & 0xff);
}

// Append only: a released migration never changes, a new one gets the next version.
// `journal` holds one intent per row and run, written before the change's first byte leaves; a
// journal line without `outcome` is a change that may have been sent.
export const batchMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'batches, rows, journal, pace per profile',
    sql: `
      CREATE TABLE batches (
        batch_id TEXT PRIMARY KEY, profile_id TEXT NOT NULL, name TEXT NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        job_kind TEXT CHECK (job_kind IN ('read', 'run')),
        job_status TEXT CHECK (job_status IN ('running', 'paused', 'cancelled', 'finished')),
        job_reason TEXT, job_action_json TEXT, job_total INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX batches_by_profile ON batches(profile_id, created_at);
      CREATE TABLE rows (
        batch_id TEXT NOT NULL REFERENCES batches(batch_id) ON DELETE CASCADE,
        row_no INTEGER NOT NULL, input TEXT NOT NULL, input_kind TEXT NOT NULL,
        process_id TEXT, external_reference TEXT, process_type_name TEXT, status TEXT,
        step_id TEXT, step_name TEXT, step_kind TEXT, step_started_on TEXT,
        allocated_user TEXT, rest_failed INTEGER NOT NULL DEFAULT 0,
        read_state TEXT NOT NULL DEFAULT 'unread', read_error TEXT, read_at TEXT,
        action_state TEXT NOT NULL DEFAULT 'none', action_message TEXT,
        PRIMARY KEY (batch_id, row_no));
      CREATE TABLE journal (
        intent_id TEXT PRIMARY KEY, batch_id TEXT NOT NULL REFERENCES batches(batch_id) ON DELETE CASCADE,
        row_no INTEGER NOT NULL, action_json TEXT NOT NULL, process_id TEXT NOT NULL,
        external_reference TEXT NOT NULL, step_id TEXT, step_name TEXT, known_notes_json TEXT,
        created_at TEXT NOT NULL, outcome TEXT, message TEXT, settled_at TEXT);
      CREATE INDEX journal_open ON journal(batch_id, row_no) WHERE outcome IS NULL;
      CREATE TABLE pace (
        profile_id TEXT PRIMARY KEY, concurrency INTEGER NOT NULL, rate_per_second REAL NOT NULL);
    `,
  },
  {
    // Columns added to tables that may already hold batches: both are empty on old rows (an old
    // row's type is known again when it is re-read; an old job needs no values).
    version: 2,
    name: 'process type id per row, values a paused run needs',
    sql: `
      ALTER TABLE rows ADD COLUMN process_type_id TEXT;
      ALTER TABLE batches ADD COLUMN job_needs_json TEXT;
    `,
  },
  {
    // Earlier versions stored a run's confidential field values in the job and the journal. They
    // are masked like every stored action now (a run that lost them asks for them at resume), and
    // the old bytes are wiped from the file: secure_delete zeroes what the rewrite frees, VACUUM
    // rebuilds the free pages of older deletes, the checkpoint empties the WAL. The wipe is retried
    // at every open until the checkpoint completes (sqlite.ts), so a kill before it is harmless.
    version: 3,
    name: 'confidential values stored by earlier versions masked and wiped',
    sql: 'PRAGMA secure_delete = ON',
    run(db) {
      maskColumn(db, 'batches', 'batch_id', 'job_action_json');
      maskColumn(db, 'journal', 'intent_id', 'action_json');
    },
    afterCommit(db) {
      // A retry runs on a new connection, which has not had the migration's `sql`.
      db.exec('PRAGMA secure_delete = ON');
      db.exec('VACUUM');
      // A reader in another process can keep the checkpoint from reaching the WAL's end (`busy`):
      // the old pages may still be in it, so the wipe stays pending for the next open.
      const checkpoint = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number };
      return checkpoint.busy === 0;
    },
  },
  {
    // Empty on jobs stored before: an old run may still be resumed on a test profile, not on a
    // live one (run-target.ts), since the tenant its count was typed for is not known.
    version: 4,
    name: 'what a run was confirmed on',
    sql: 'ALTER TABLE batches ADD COLUMN job_target_json TEXT',
  },
];

/** Rewrites each stored action in `column` with its confidential values masked. */
function maskColumn(db: BatchDb, table: string, key: string, column: string): void {
  const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${key} = ?`);
  const stored = db.prepare(
    `SELECT ${key} AS key, ${column} AS json FROM ${table} WHERE ${column} IS NOT NULL`,
  );
  // Read whole before any update: rewriting a table while a statement walks it may revisit rows.
  for (const { key: id, json } of stored.all() as { key: string; json: string }[]) {
    const masked = JSON.stringify(maskStoredValues(JSON.parse(json)));
    if (masked !== json) update.run(masked, id);
  }
}

const statements = new WeakMap<BatchDb, Map<string, StatementSync>>();

/** `db.prepare(sql)`, compiled once per connection: a batch runs the same few statements per row. */
export function prepared(db: BatchDb, sql: string): StatementSync {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/** The newest schema version this code knows. */
export const batchSchemaVersion = latestVersion(batchMigrations);

/** Where a data folder keeps its batches: `<dataDir>/batches/batches.db`. */
export function batchDbPath(dataDir: string): string {
  return join(dataDir, 'batches', 'batches.db');
}

/**
 * Opens (creating when needed) {@link batchDbPath}, WAL and synchronous=FULL: a row's state or
 * journal line committed before a send survives `kill -9`. A damaged or read-only file is refused
 * untouched, since its WAL may hold the journal of a change in flight.
 */
export function openBatchDb(dataDir: string): BatchDb {
  return openDurableDatabase(batchDbPath(dataDir), {
    migrations: batchMigrations,
    checkBeforeWriting: true,
    tooNew: (current, latest) =>
      new Failure(
        'invalid_input',
        `The batches database has schema version ${current}, newer than this console (${latest}); ` +
          'update the console or use another data folder.',
      ),
  });
}
