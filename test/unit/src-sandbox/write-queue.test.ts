import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { prepareColumn } from '../../../src-sandbox/storage/sqlite';
import { WriteQueue } from '../../../src-sandbox/storage/write-queue';

describe('write queue (group commit)', () => {
  it('commits changes of one turn together, and a failing change rolls back alone', async () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (v TEXT)');
    let commits = 0;
    const queue = new WriteQueue(db, () => (commits += 1));
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const results = await Promise.allSettled([
      queue.run(() => insert.run('a').changes),
      queue.run(() => {
        insert.run('b');
        throw new Error('refused');
      }),
      queue.run(() => insert.run('c').changes),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(prepareColumn(db, 'SELECT v FROM t ORDER BY rowid').all()).toEqual(['a', 'c']);
    expect(commits).toBe(1);
  });
});

describe('write queue after SQLite rolled the batch back by itself', () => {
  it('refuses the whole batch and commits nothing after the failure', async () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (v TEXT)');
    const queue = new WriteQueue(db);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    // A full disk or an I/O error makes SQLite end the transaction on its own; a change that
    // says ROLLBACK stands in for that fault, which a real disk cannot produce on demand.
    const results = await Promise.allSettled([
      queue.run(() => insert.run('a')),
      queue.run(() => db.exec('ROLLBACK')),
      queue.run(() => insert.run('c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
  });
});
