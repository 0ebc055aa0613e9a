import type { DatabaseSync, SQLInputValue, SQLOutputValue } from 'node:sqlite';

/**
 * Runs `work` in a transaction and returns its result: committed when it returns, rolled back
 * when it throws. At the outermost level it is `BEGIN IMMEDIATE`, which takes the write lock
 * first so two processes never deadlock upgrading a read; inside another transaction it is a
 * savepoint, so a throwing `work` undoes only itself and the outer transaction goes on.
 * (node:sqlite has no `db.transaction()`; this is the one the storage code used before.)
 */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  const nested = db.isTransaction;
  db.exec(nested ? 'SAVEPOINT nested' : 'BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec(nested ? 'RELEASE nested' : 'COMMIT');
    return result;
  } catch (error) {
    // SQLite may already have rolled back on its own (a full disk, an I/O error).
    if (db.isTransaction) db.exec(nested ? 'ROLLBACK TO nested; RELEASE nested' : 'ROLLBACK');
    throw error;
  }
}

/** A prepared query that yields its first column only: node:sqlite's stand-in for `.pluck()`. */
export interface ColumnQuery<T extends SQLOutputValue> {
  /** The first row's value, or undefined when there is no row. */
  get(...params: SQLInputValue[]): T | undefined;
  all(...params: SQLInputValue[]): T[];
}

/** Prepares `sql`, whose first column is of type `T` (the caller's word, as with any row type). */
export function prepareColumn<T extends SQLOutputValue>(db: DatabaseSync, sql: string): ColumnQuery<T> {
  const statement = db.prepare(sql);
  statement.setReturnArrays(true);
  // With returnArrays each row is an array, which the row types of @types/node do not model.
  return {
    get: (...params) => (statement.get(...params) as unknown as T[] | undefined)?.[0],
    all: (...params) => (statement.all(...params) as unknown as T[][]).map((row) => row[0]!),
  };
}
