import { rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { openDurableDatabase, type Migration } from '../../../src-sandbox/storage/sqlite';

/**
 * `<data>/audit-index.sqlite`: derived data beside `audit.jsonl`, one row per intent with the
 * columns the Audit screen filters on and the byte offsets of its lines. The file stays the record;
 * anything wrong with this database is answered by deleting it and indexing the file again.
 */

/** The index file's name inside the data folder. */
export const auditIndexFile = 'audit-index.sqlite';

const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'actions and where the index stands in the file',
    sql: `
      CREATE TABLE actions (
        offset INTEGER PRIMARY KEY,
        length INTEGER NOT NULL,
        action_id TEXT NOT NULL,
        at_ms INTEGER,
        profile_id TEXT NOT NULL,
        environment TEXT NOT NULL,
        action TEXT NOT NULL,
        process_id TEXT,
        external_reference TEXT,
        step_name TEXT,
        outcome TEXT NOT NULL DEFAULT 'pending',
        outcome_process_id TEXT,
        outcome_offset INTEGER,
        outcome_length INTEGER
      );
      CREATE INDEX actions_action_id ON actions (action_id);
      CREATE INDEX actions_profile ON actions (profile_id, offset);
      CREATE INDEX actions_process ON actions (process_id, offset);
      CREATE INDEX actions_outcome_process ON actions (outcome_process_id, offset);
      CREATE INDEX actions_reference ON actions (external_reference, offset);
      CREATE INDEX actions_at ON actions (at_ms);
      CREATE TABLE early_outcomes (
        action_id TEXT PRIMARY KEY,
        offset INTEGER NOT NULL,
        length INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        process_id TEXT
      );
      CREATE TABLE index_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        file_bytes INTEGER NOT NULL,
        last_line_offset INTEGER NOT NULL,
        last_line_hash TEXT NOT NULL
      );
      INSERT INTO index_state VALUES (1, 0, 0, '');`,
  },
];

/** How far the index has read `audit.jsonl`, and a checksum of the last line it read. */
export interface IndexState {
  fileBytes: number;
  lastLineOffset: number;
  lastLineHash: string;
}

/**
 * Opens the index, or deletes and recreates it when it cannot be opened or read (damaged, or from
 * a newer console): it is derived data, so starting over is always safe.
 */
export function openAuditIndex(path: string): DatabaseSync {
  try {
    return openChecked(path);
  } catch {
    removeAuditIndex(path);
    return openChecked(path);
  }
}

function openChecked(path: string): DatabaseSync {
  const db = openDurableDatabase(path, {
    migrations,
    tooNew: (current, latest) => new Error(`audit index schema ${current} is newer than ${latest}`),
  });
  try {
    // Derived data: losing the last commits to a power cut only means indexing a few lines again,
    // so the index does not pay a second fsync for every line the audit writes.
    db.exec('PRAGMA synchronous = NORMAL');
    // Action ids and process ids arrive in no order, so their index pages are touched at random:
    // a 32 MiB page cache keeps a rebuild from rereading them for every line.
    db.exec('PRAGMA cache_size = -32768');
    readIndexState(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Deletes the index and its WAL files. */
export function removeAuditIndex(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

/** Where the index stands. */
export function readIndexState(db: DatabaseSync): IndexState {
  const row = db
    .prepare('SELECT file_bytes, last_line_offset, last_line_hash FROM index_state WHERE id = 1')
    .get() as { file_bytes: number; last_line_offset: number; last_line_hash: string } | undefined;
  if (!row) throw new Error('the audit index has no state row');
  return {
    fileBytes: row.file_bytes,
    lastLineOffset: row.last_line_offset,
    lastLineHash: row.last_line_hash,
  };
}

/** Empties the index so it is built again from the first byte. */
export function clearAuditIndex(db: DatabaseSync): void {
  db.exec(`DELETE FROM actions; DELETE FROM early_outcomes;
    UPDATE index_state SET file_bytes = 0, last_line_offset = 0, last_line_hash = ''`);
}
