import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { migrations } from './migrations';
import { openDurableDatabase } from './sqlite';

/** The database connection type used throughout the service. */
export type Db = DatabaseSync;

/** The file inside the data folder that holds everything. */
export const databaseFileName = 'sandbox.db';

/** Opens (creating when needed) the data folder's database and brings its schema up to date. */
export function openDatabase(dataDir: string): Db {
  return openDurableDatabase(join(dataDir, databaseFileName), {
    migrations,
    tooNew: (current, latest) =>
      new Error(
        `The sandbox data folder has schema version ${current}, newer than this service (${latest}); ` +
          'update the console or use another --data folder.',
      ),
    // Repos bind whole records, and an update binds a full ProcessRecord though it sets only some
    // columns; node:sqlite would otherwise throw on the unused names.
    allowUnknownNamedParameters: true,
  });
}
