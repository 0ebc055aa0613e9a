import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync, type SQLInputValue, type SQLOutputValue } from 'node:sqlite';

/**
 * The one way this repository keeps data in SQLite: the reference service's database and the
 * console's inbox both open, migrate and change their files through these helpers, so the
 * durability rules have one home.
 */

/** One schema change. Append only: a released migration never changes, a new one gets the next version. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Work SQL alone cannot do (rewriting JSON with code), in the migration's transaction after `sql`. */
  run?(db: DatabaseSync): void;
  /**
   * Work that cannot run in a transaction (VACUUM, a WAL checkpoint), after the migration commits.
   * The migration's transaction marks it pending and every open retries it until it returns
   * anything but `false`: a process killed between the commit and this work must not leave it
   * undone for good while the migration counts as applied.
   */
  afterCommit?(db: DatabaseSync): boolean | void;
}

/** How a store opens: its migrations, what to say of a file from a newer version, binding rules. */
export interface StoreSchema {
  migrations: readonly Migration[];
  /** The error for a file whose schema is newer than this code (`current` > `latest`). */
  tooNew(current: number, latest: number): Error;
  /** Ignore named parameters a statement does not use (repos that bind whole records). */
  allowUnknownNamedParameters?: boolean;
  /**
   * For a file that may hold the only record of something (the batches' run journal): an existing
   * file is read whole through a connection that cannot write before one that can opens it, and
   * that one must prove it can write. A damaged file is then refused with it and its -wal and -shm
   * exactly as they were (closing an ordinary connection checkpoints the WAL into the damaged file
   * and deletes it), and a file SQLite could open only read-only (a read-only file or folder, which
   * it opens so without a word) is refused at open instead of failing at the first change.
   */
  checkBeforeWriting?: boolean;
}

/**
 * Opens (creating folder and file when needed) a database and brings its schema up to date.
 * WAL with `synchronous=FULL` makes every committed transaction durable before the call returns,
 * so an answer sent after a commit survives `kill -9` and power loss alike.
 */
export function openDurableDatabase(file: string, schema: StoreSchema): DatabaseSync {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (schema.checkBeforeWriting && existsSync(file)) checkWithoutWriting(file);
  keepToOwner(file);
  // The busy timeout is set as the file opens, so even the switch to WAL waits for another
  // process (a second console, the sandbox CLI) instead of failing at once.
  const db = new DatabaseSync(file, {
    allowUnknownNamedParameters: schema.allowUnknownNamedParameters ?? false,
    timeout: 5_000,
  });
  try {
    if (schema.checkBeforeWriting) proveWritable(db);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, schema);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Keeps the database to its owner (0600) whatever the umask and the folder's mode (a data folder
 * that already existed keeps its own): a new file is made 0600 before SQLite opens it, and SQLite
 * gives its -wal and -shm the database file's mode. A file, -wal or -shm an older version left
 * readable to others loses those bits (a read-only file stays read-only). Where this cannot be
 * done (a read-only folder, another owner's file), SQLite opens or refuses the file as before.
 * Windows has no such modes; its folders carry the rights.
 */
function keepToOwner(file: string): void {
  if (process.platform === 'win32') return;
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch {
    // It exists, or the folder refuses: SQLite opens it or says why.
  }
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      const { mode } = statSync(`${file}${suffix}`);
      if ((mode & 0o077) !== 0) chmodSync(`${file}${suffix}`, mode & 0o700);
    } catch {
      // Absent, or not ours to change: nothing to narrow.
    }
  }
}

/**
 * Reads every page of `file` as a connection would see it (its WAL included) and throws SQLite's
 * own corrupt-database error when one is damaged, without writing a byte to the file, its -wal or
 * its -shm (proven in test/unit/src-sandbox/check-before-writing.test.ts).
 */
function checkWithoutWriting(file: string): void {
  const url = pathToFileURL(file);
  const wal = `${file}-wal`;
  // Without a WAL the file is the whole database; `immutable` reads it creating no -wal or -shm.
  if (!existsSync(wal) || statSync(wal).size === 0) url.searchParams.set('immutable', '1');
  // With one, `readonly_shm` reads it through its index without writing the index. Where a WAL has
  // no -shm (copied without it), a read-only connection makes one: an index of the WAL, no data.
  else if (existsSync(`${file}-shm`)) url.searchParams.set('readonly_shm', '1');
  const db = new DatabaseSync(url, { readOnly: true });
  try {
    // quick_check reads every page but skips matching indexes to rows, which is what makes
    // integrity_check slow on large tables; a damaged page either throws here or is listed.
    const problems = prepareColumn<string>(db, 'PRAGMA quick_check').all();
    if (problems.length !== 1 || problems[0] !== 'ok')
      throw Object.assign(new Error('database disk image is malformed'), {
        code: 'ERR_SQLITE_ERROR',
        errcode: 11,
        errstr: 'database disk image is malformed',
      });
  } finally {
    db.close();
  }
}

/**
 * Throws SQLite's read-only error when `db` cannot write. A connection SQLite opened read-only
 * still takes the WAL's write lock (`BEGIN IMMEDIATE` passes): only a change shows it, so page 1
 * is written with the value it holds and the change rolled back.
 */
function proveWritable(db: DatabaseSync): void {
  const version = prepareColumn<number>(db, 'PRAGMA user_version').get() ?? 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(`PRAGMA user_version = ${version}`);
  } finally {
    db.exec('ROLLBACK');
  }
}

/** The newest schema version of a list of migrations. */
export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/**
 * Applies every migration the database lacks, each in its own transaction, and records it in
 * `schema_migrations`. Refuses a database written by a newer version rather than guess.
 */
function migrate(db: DatabaseSync, schema: StoreSchema): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_on TEXT NOT NULL)`);
  const version = db.prepare('SELECT MAX(version) AS version FROM schema_migrations');
  const current = () => (version.get() as { version: number | null }).version ?? 0;
  const latest = latestVersion(schema.migrations);
  if (current() > latest) throw schema.tooNew(current(), latest);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_on) VALUES (?, ?, ?)');
  const afterCommits = schema.migrations.some((migration) => migration.afterCommit);
  // Only a store with such work gets the table, so the others' files stay as they were.
  if (afterCommits) db.exec('CREATE TABLE IF NOT EXISTS schema_pending_work (version INTEGER PRIMARY KEY)');
  for (const migration of schema.migrations) {
    if (migration.version <= current()) continue;
    transaction(db, () => {
      // Asked again under the write lock: another process opening the same file may have
      // applied it between our first look and now.
      if (migration.version <= current()) return;
      db.exec(migration.sql);
      migration.run?.(db);
      record.run(migration.version, migration.name, new Date().toISOString());
      if (migration.afterCommit)
        db.prepare('INSERT INTO schema_pending_work (version) VALUES (?)').run(migration.version);
    });
  }
  if (afterCommits) finishPendingWork(db, schema.migrations);
}

/** Runs each migration's after-commit work still marked pending, oldest first, and unmarks what is done. */
function finishPendingWork(db: DatabaseSync, migrations: readonly Migration[]): void {
  const pending = db.prepare('SELECT version FROM schema_pending_work ORDER BY version').all() as {
    version: number;
  }[];
  const done = db.prepare('DELETE FROM schema_pending_work WHERE version = ?');
  for (const { version } of pending) {
    const migration = migrations.find((candidate) => candidate.version === version);
    if (migration?.afterCommit?.(db) !== false) done.run(version);
  }
}

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

/**
 * {@link transaction} for work whose loss to a power cut is harmless because it is simply done
 * again (a batch's reads): committed without waiting for the disk (WAL with synchronous=NORMAL
 * stays consistent, and survives the process being killed; only the machine losing power can
 * roll it back). Each fsync held the main thread for milliseconds. The connection's own setting
 * is back before this returns, so every other commit still waits for the disk.
 */
export function transactionWithoutWaitingForDisk<T>(db: DatabaseSync, work: () => T): T {
  // Safe only with a write-ahead log: with a rollback journal, NORMAL may corrupt on a power cut.
  const mode = (db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode;
  if (db.isTransaction || mode.toLowerCase() !== 'wal') return transaction(db, work);
  const setting = Number((db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous);
  db.exec('PRAGMA synchronous = NORMAL');
  try {
    return transaction(db, work);
  } finally {
    db.exec(`PRAGMA synchronous = ${setting}`);
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
