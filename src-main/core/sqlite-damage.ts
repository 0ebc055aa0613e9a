/**
 * How the console tells a database file that is damaged from one it merely cannot open: the inbox
 * moves a damaged file aside, the batches name it and wait; neither treats a locked or missing
 * folder as damage.
 */

// SQLite's primary result codes for a file that is not a readable database: corrupt, not a
// database (https://sqlite.org/rescode.html).
const damagedCodes = new Set([11, 26]);

/** SQLite's result code of `error`, or null when SQLite did not raise it. */
export function sqliteCode(error: unknown): number | null {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'ERR_SQLITE_ERROR') return null;
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' ? code : null;
}

/** Whether SQLite raised `error` because the file is corrupt or not a database at all. */
export function isDamagedDatabase(error: unknown): boolean {
  const code = sqliteCode(error);
  // Extended codes (SQLITE_CORRUPT_INDEX, ...) carry the primary code in their low byte.
  return code !== null && damagedCodes.has(code & 0xff);
}
