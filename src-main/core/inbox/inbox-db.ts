import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  latestVersion,
  openDurableDatabase,
  type Migration,
  type StoreSchema,
} from '../../../src-sandbox/storage/sqlite';
import { Failure } from '../failure';
import { moveAside } from '../move-aside';
import { isDamagedDatabase } from '../sqlite-damage';

export { transaction } from '../../../src-sandbox/storage/sqlite';

/** The inbox's database connection. */
export type InboxDb = DatabaseSync;

/** The inbox's database file, inside `<data>/inbox/`. */
export const inboxDatabaseFile = 'inbox.db';

// Append only: a released migration never changes, a new one gets the next version.
// `seq` orders deliveries as they arrived (received_at can tie within a millisecond) and pages them.
const migrations: Migration[] = [
  {
    version: 1,
    name: 'deliveries and walk progress',
    sql: `
      CREATE TABLE deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, received_at TEXT NOT NULL,
        profile_id TEXT NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL, headers_json TEXT NOT NULL,
        payload_json TEXT, raw_excerpt TEXT, reply_status INTEGER NOT NULL, reply_body_json TEXT,
        status TEXT NOT NULL CHECK (status IN ('new', 'in progress', 'handled', 'rejected')),
        reason TEXT, process_id TEXT, external_reference TEXT,
        document_count INTEGER NOT NULL DEFAULT 0, field_count INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX deliveries_by_profile ON deliveries(profile_id, seq);
      CREATE INDEX deliveries_by_status ON deliveries(status, seq);
      CREATE TABLE progress (
        delivery_id TEXT PRIMARY KEY REFERENCES deliveries(id) ON DELETE CASCADE,
        stage INTEGER NOT NULL, data_json TEXT NOT NULL, updated_at TEXT NOT NULL);
    `,
  },
  {
    // Caps per profile need each record's size without reading it back; the index answers a
    // profile's count and bytes, and its oldest handled or rejected record, from the index alone.
    version: 2,
    name: 'stored size for the caps per profile',
    sql: `
      ALTER TABLE deliveries ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
      UPDATE deliveries SET stored_bytes = length(CAST(headers_json AS BLOB))
        + coalesce(length(CAST(payload_json AS BLOB)), 0) + coalesce(length(CAST(raw_excerpt AS BLOB)), 0)
        + coalesce(length(CAST(reply_body_json AS BLOB)), 0) + coalesce(length(CAST(reason AS BLOB)), 0);
      CREATE INDEX deliveries_kept ON deliveries(profile_id, status, seq, stored_bytes);
    `,
  },
  {
    // A reply held past the sender's time limit reached nobody: "answered 200" would be untrue.
    version: 3,
    name: 'when the sender stopped waiting before the reply',
    sql: 'ALTER TABLE deliveries ADD COLUMN sender_gave_up_ms INTEGER;',
  },
];

/** The newest schema version this code knows. */
export const inboxSchemaVersion = latestVersion(migrations);

/** The inbox's connection, and a sentence when a damaged file was moved aside to open it. */
export interface OpenedInboxDb {
  db: InboxDb;
  /** Where the damaged file went, for the user; null when the file opened as it was. */
  problem: string | null;
}

/**
 * Opens (creating when needed) `<dataDir>/inbox/inbox.db`, durable as the reference service's
 * database is: a delivery acknowledged after its commit survives `kill -9` and power loss.
 *
 * A file SQLite finds corrupt or not a database is moved aside with its `-wal` and `-shm`, and
 * the inbox starts empty. That loses nothing only the inbox knew: it holds copies of deliveries
 * already answered and walk progress, never the sole record of a change sent to the service
 * (batches.db can, and is left in place). A newer schema is not damage and is refused as it is;
 * so is a file that cannot be opened for any other reason (a folder it may not write, a lock).
 */
export function openInboxDb(dataDir: string): OpenedInboxDb {
  const file = join(dataDir, 'inbox', inboxDatabaseFile);
  try {
    return { db: openDurableDatabase(file, inboxSchema(file)), problem: null };
  } catch (error) {
    if (!isDamagedDatabase(error)) throw error;
    const { problem } = moveAside(file, `it is not a readable database (${(error as Error).message})`, [
      '-wal',
      '-shm',
    ]);
    return { db: openDurableDatabase(file, inboxSchema(file)), problem };
  }
}

function inboxSchema(file: string): StoreSchema {
  return {
    migrations,
    // Damage is found before anything may write: a read-write open that fails checkpoints the
    // file's -wal into it and deletes it, so what is moved aside would no longer be as it was.
    checkBeforeWriting: true,
    tooNew: (current, latest) =>
      new Failure(
        'invalid_input',
        `The inbox database ${file} has schema version ${current}, newer than this console (${latest}); ` +
          'update the console or use another data folder.',
      ),
  };
}
