import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from './migrations';

/** The database connection type used throughout the service. */
export type Db = DatabaseSync;

/** The file inside the data folder that holds everything. */
export const databaseFileName = 'sandbox.db';

/**
 * Opens (creating when needed) the data folder's database and brings its schema up to date.
 * WAL with `synchronous=FULL` makes every committed transaction durable before the call returns,
 * so a reply sent after a commit survives `kill -9` and power loss alike.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Unknown named parameters are ignored (node:sqlite would throw): repos bind whole records,
  // and an update binds a full ProcessRecord though it sets only some columns.
  const db = new DatabaseSync(join(dataDir, databaseFileName), { allowUnknownNamedParameters: true });
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
