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
