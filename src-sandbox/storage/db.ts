import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

/** The database connection type used throughout the service. */
export type Db = Database.Database;

/** The file inside the data folder that holds everything. */
export const databaseFileName = 'sandbox.db';

/**
 * Opens (creating when needed) the data folder's database and brings its schema up to date.
 * WAL with `synchronous=FULL` makes every committed transaction durable before the call returns,
 * so a reply sent after a commit survives `kill -9` and power loss alike.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(dataDir, databaseFileName));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
