import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDurableDatabase, type Migration } from '../../../src-sandbox/storage/sqlite';

const dir = mkdtempSync(join(tmpdir(), 'pc-after-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tooNew = () => new Error('too new');

/** A store whose one migration's after-commit work reports done or not as `outcomes` say, in turn. */
function opener(file: string, outcomes: (boolean | 'throws')[]) {
  const calls: number[] = [];
  const migration: Migration = {
    version: 1,
    name: 'a table, then work outside the transaction',
    sql: 'CREATE TABLE t (v TEXT)',
    afterCommit() {
      calls.push(calls.length);
      const outcome = outcomes[calls.length - 1] ?? true;
      if (outcome === 'throws') throw new Error('killed');
      return outcome;
    },
  };
  return { calls, open: () => openDurableDatabase(file, { migrations: [migration], tooNew }) };
}

describe("a migration's after-commit work", () => {
  it('runs once when it finishes, and not again at the next open', () => {
    const { calls, open } = opener(join(dir, 'once.db'), [true]);
    open().close();
    open().close();
    expect(calls).toHaveLength(1);
  });

  it('is retried at each open after a crash or an unfinished run, until it finishes', () => {
    const { calls, open } = opener(join(dir, 'retried.db'), ['throws', false, true]);
    expect(open).toThrow('killed');
    open().close();
    open().close();
    open().close();
    expect(calls).toHaveLength(3);
  });
});
