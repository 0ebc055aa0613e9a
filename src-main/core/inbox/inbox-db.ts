import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { latestVersion, openDurableDatabase, type Migration } from '../../../src-sandbox/storage/sqlite';
import { Failure } from '../failure';

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
];

/** The newest schema version this code knows. */
export const inboxSchemaVersion = latestVersion(migrations);

/**
 * Opens (creating when needed) `<dataDir>/inbox/inbox.db`, durable as the reference service's
 * database is: a delivery acknowledged after its commit survives `kill -9` and power loss.
 */
export function openInboxDb(dataDir: string): InboxDb {
  return openDurableDatabase(join(dataDir, 'inbox', inboxDatabaseFile), {
    migrations,
    tooNew: (current, latest) =>
      new Failure(
        'invalid_input',
        `The inbox database has schema version ${current}, newer than this console (${latest}); ` +
          'update the console or use another data folder.',
      ),
  });
}
