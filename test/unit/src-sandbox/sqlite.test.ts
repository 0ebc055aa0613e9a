import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  prepareColumn,
  transaction,
  transactionWithoutWaitingForDisk,
} from '../../../src-sandbox/storage/sqlite';

function table(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE t (v TEXT)');
  return db;
}

const synchronous = (db: DatabaseSync) => prepareColumn<number>(db, 'PRAGMA synchronous').get();
const values = (db: DatabaseSync) => prepareColumn<string>(db, 'SELECT v FROM t ORDER BY rowid').all();

describe('sqlite helpers', () => {
  it('commits what the work wrote and returns its result', () => {
    const db = table();
    expect(transaction(db, () => db.prepare("INSERT INTO t VALUES ('a')").run().changes)).toBe(1);
    expect(db.isTransaction).toBe(false);
    expect(values(db)).toEqual(['a']);
  });

  it('rolls back everything when the outer work throws', () => {
    const db = table();
    const failing = () =>
      transaction(db, () => {
        db.exec("INSERT INTO t VALUES ('a')");
        transaction(db, () => db.exec("INSERT INTO t VALUES ('b')"));
        throw new Error('refused');
      });
    expect(failing).toThrow('refused');
    expect(db.isTransaction).toBe(false);
    expect(values(db)).toEqual([]);
  });

  it('rolls back only a nested work that throws, and the outer one goes on', () => {
    const db = table();
    transaction(db, () => {
      db.exec("INSERT INTO t VALUES ('a')");
      expect(() =>
        transaction(db, () => {
          db.exec("INSERT INTO t VALUES ('b')");
          throw new Error('refused');
        }),
      ).toThrow('refused');
      transaction(db, () => db.exec("INSERT INTO t VALUES ('c')"));
    });
    expect(values(db)).toEqual(['a', 'c']);
  });

  it('commits work that may be redone without waiting for the disk, and every later commit waits again', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pc-sqlite-'));
    const db = new DatabaseSync(join(folder, 'wal.db'));
    try {
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (v TEXT)');
      const seen = transactionWithoutWaitingForDisk(db, () => {
        db.exec("INSERT INTO t VALUES ('a')");
        return synchronous(db);
      });
      expect(seen).toBe(1); // NORMAL while the reads are committed
      expect(values(db)).toEqual(['a']);
      expect(synchronous(db)).toBe(2); // FULL again
      expect(() =>
        transactionWithoutWaitingForDisk(db, () => {
          db.exec("INSERT INTO t VALUES ('b')");
          throw new Error('refused');
        }),
      ).toThrow('refused');
      expect(values(db)).toEqual(['a']);
      expect(synchronous(db)).toBe(2);
    } finally {
      db.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('waits for the disk as usual where there is no write-ahead log', () => {
    const db = table();
    db.exec('PRAGMA synchronous = FULL');
    expect(transactionWithoutWaitingForDisk(db, () => synchronous(db))).toBe(2);
  });

  it('reads the first column of the first row, or undefined when there is none', () => {
    const db = table();
    db.exec("INSERT INTO t VALUES ('a'), ('b')");
    const first = prepareColumn<string>(db, 'SELECT v, rowid FROM t WHERE v >= ? ORDER BY rowid');
    expect(first.get('a')).toBe('a');
    expect(first.get('z')).toBeUndefined();
    expect(first.all('b')).toEqual(['b']);
  });
});
