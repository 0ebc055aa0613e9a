import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDurableDatabase, prepareColumn, type StoreSchema } from '../../../src-sandbox/storage/sqlite';

/**
 * A store opened with `checkBeforeWriting` refuses a damaged file without changing a byte of it,
 * its -wal or its -shm: the WAL a hard stop left may hold the only record of a change in flight.
 */

const dir = mkdtempSync(join(tmpdir(), 'pc-check-before-writing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const schema: StoreSchema = {
  migrations: [{ version: 1, name: 'rows', sql: 'CREATE TABLE t (id TEXT PRIMARY KEY, v TEXT)' }],
  tooNew: () => new Error('too new'),
  checkBeforeWriting: true,
};

/**
 * The folder a process killed while writing leaves: the file holds 300 rows, its WAL 20 more (and
 * the pages they changed), copied while the connection was still open.
 */
function killedMidRun(name: string): string {
  const live = join(dir, `${name}-live`);
  const folder = join(dir, name);
  mkdirSync(folder);
  const db = openDurableDatabase(join(live, 'store.db'), schema);
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
  for (let n = 0; n < 300; n += 1) insert.run(`file ${n}`, 'x'.repeat(300));
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  for (let n = 0; n < 20; n += 1) insert.run(`wal ${n}`, 'y'.repeat(300));
  for (const file of readdirSync(live)) copyFileSync(join(live, file), join(folder, file));
  db.close();
  return join(folder, 'store.db');
}

/** Overwrites every page of `file` after the first (header and schema stay readable). */
function damageLaterPages(file: string): void {
  const bytes = readFileSync(file);
  writeFileSync(file, Buffer.concat([bytes.subarray(0, 4096), Buffer.alloc(bytes.length - 4096, 0x5a)]));
}

/** Each file of the folder holding `file`, with its bytes. */
function folderBytes(file: string): Map<string, string> {
  const folder = join(file, '..');
  return new Map(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name)).toString('hex')]));
}

/** Opening `file` fails as SQLite fails on a damaged database (corrupt, or not a database). */
function expectRefusedAsDamaged(file: string): void {
  let refusal: unknown = null;
  try {
    openDurableDatabase(file, schema).close();
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toMatchObject({ code: 'ERR_SQLITE_ERROR' });
  expect([11, 26]).toContain((refusal as { errcode: number }).errcode & 0xff);
}

describe('a store that checks its file before writing', () => {
  it('leaves a damaged file, its WAL and its index byte for byte as a killed process left them', () => {
    const file = killedMidRun('later-pages');
    damageLaterPages(file);
    const before = folderBytes(file);
    expect([...before.keys()].sort()).toEqual(['store.db', 'store.db-shm', 'store.db-wal']);

    expectRefusedAsDamaged(file);

    expect(folderBytes(file)).toEqual(before);
  });

  it('leaves them so when even the header is unreadable', () => {
    const file = killedMidRun('header');
    writeFileSync(file, Buffer.alloc(8192, 'x'));
    const before = folderBytes(file);

    expectRefusedAsDamaged(file);

    expect(folderBytes(file)).toEqual(before);
  });

  it('creates no WAL or index beside a damaged file closed without one', () => {
    const file = join(dir, 'closed', 'store.db');
    const db = openDurableDatabase(file, schema);
    for (let n = 0; n < 300; n += 1)
      db.prepare('INSERT INTO t VALUES (?, ?)').run(`row ${n}`, 'x'.repeat(300));
    db.close();
    damageLaterPages(file);
    const before = folderBytes(file);
    expect([...before.keys()]).toEqual(['store.db']);

    expectRefusedAsDamaged(file);

    expect(folderBytes(file)).toEqual(before);
  });

  it('leaves the WAL of a damaged file whose index was not kept with it', () => {
    const file = killedMidRun('no-index');
    rmSync(`${file}-shm`);
    damageLaterPages(file);
    const before = folderBytes(file);

    expectRefusedAsDamaged(file);

    // SQLite rebuilds the index from the WAL to read it; the data is where it was.
    expect(readFileSync(`${file}-wal`).toString('hex')).toEqual(before.get('store.db-wal'));
    expect(readFileSync(file).toString('hex')).toEqual(before.get('store.db'));
  });

  it('opens a sound file with the rows its WAL holds', () => {
    const file = killedMidRun('sound');

    const db = openDurableDatabase(file, schema);
    expect(prepareColumn<number>(db, 'SELECT COUNT(*) FROM t').get()).toBe(320);
    db.close();
    // Nothing of the check stays behind: the last connection to close removes the WAL as usual.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('opens a file whose damaged page its WAL holds a newer copy of, as a connection reads it', () => {
    const file = killedMidRun('replaced-page');
    const db = new DatabaseSync(file, { readOnly: true });
    const root = prepareColumn<number>(db, "SELECT rootpage FROM sqlite_master WHERE name = 't'").get()!;
    db.close();
    // The table's root page changed with the rows the WAL holds: the file's copy is out of date.
    const bytes = readFileSync(file);
    bytes.fill(0x5a, (root - 1) * 4096, root * 4096);
    writeFileSync(file, bytes);

    const opened = openDurableDatabase(file, schema);
    expect(prepareColumn<number>(opened, 'SELECT COUNT(*) FROM t').get()).toBe(320);
    opened.close();
  });

  it('opens a file that does not exist yet as any store does', () => {
    const file = join(dir, 'new', 'store.db');
    const db = openDurableDatabase(file, schema);
    expect(prepareColumn<number>(db, 'SELECT COUNT(*) FROM t').get()).toBe(0);
    db.close();
    const reopened = new DatabaseSync(file);
    expect(prepareColumn<string>(reopened, 'PRAGMA journal_mode').get()).toBe('wal');
    reopened.close();
  });
});
