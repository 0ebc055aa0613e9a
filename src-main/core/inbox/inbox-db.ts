import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Failure } from '../failure';

/** The inbox's database connection. */
export type InboxDb = DatabaseSync;

/** The inbox's database file, inside `<data>/inbox/`. */
export const inboxDatabaseFile = 'inbox.db';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

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
];

/** The newest schema version this code knows. */
export const inboxSchemaVersion = migrations.at(-1)?.version ?? 0;

/**
 * Opens (creating when needed) `<dataDir>/inbox/inbox.db` with the reference service's pragmas:
 * WAL with `synchronous=FULL` makes each commit durable before the call returns, so a delivery
 * acknowledged after its commit survives `kill -9` and power loss.
 */
export function openInboxDb(dataDir: string): InboxDb {
  const folder = join(dataDir, 'inbox');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(join(folder, inboxDatabaseFile));
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function migrate(db: InboxDb): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_on TEXT NOT NULL)`);
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  const current = row.version ?? 0;
  if (current > inboxSchemaVersion) {
    throw new Failure(
      'invalid_input',
      `The inbox database has schema version ${current}, newer than this console (${inboxSchemaVersion}); ` +
        'update the console or use another data folder.',
    );
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_on) VALUES (?, ?, ?)');
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    transaction(db, () => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    });
  }
}

/**
 * Runs `work` in one `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back when it
 * throws. node:sqlite has no `db.transaction()`. The inbox never nests transactions; SQLite itself
 * refuses a BEGIN inside one.
 */
export function transaction<T>(db: InboxDb, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite may already have rolled back on its own (a full disk, an I/O error).
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
