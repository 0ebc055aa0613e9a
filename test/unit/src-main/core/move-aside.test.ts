import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure } from '../../../../src-main/core/failure';
import { moveAside } from '../../../../src-main/core/move-aside';

// Root may rename anything in a temp folder: a companion that cannot be moved is made by failing
// its rename here, the one fault the real file system will not produce for the tests.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, renameSync: vi.fn(actual.renameSync) };
});

afterEach(() => {
  vi.mocked(fs.renameSync).mockClear();
  vi.useRealTimers();
});

/** A temp folder holding `files` (name to text). */
function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pc-aside-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('moveAside', () => {
  it('moves a database with the companions it has under one new name, keeping every byte', () => {
    const dir = folderWith({ 'inbox.db': 'main', 'inbox.db-wal': 'wal' });
    const path = join(dir, 'inbox.db');

    const moved = moveAside(path, 'it is not a readable database', ['-wal', '-shm']);

    expect(moved.movedTo).toMatch(/inbox\.db\.corrupt-\d{8}T\d{6}$/);
    expect(readFileSync(moved.movedTo, 'utf8')).toBe('main');
    expect(readFileSync(`${moved.movedTo}-wal`, 'utf8')).toBe('wal');
    expect(readdirSync(dir)).toHaveLength(2);
    const name = moved.movedTo.slice(dir.length + 1);
    expect(moved.problem).toBe(
      `inbox.db could not be used because it is not a readable database. It was kept unchanged as ` +
        `${moved.movedTo}, with ${name}-wal beside it; the console started without it.`,
    );
  });

  it('never takes a name whose companion is still there from an earlier copy', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T08:00:00Z') });
    const dir = folderWith({ 'inbox.db': 'second', 'inbox.db.corrupt-20261124T080000-wal': 'first wal' });
    const path = join(dir, 'inbox.db');

    const moved = moveAside(path, 'damaged', ['-wal']).movedTo;

    expect(moved).toBe(`${path}.corrupt-20261124T080000-2`);
    expect(readFileSync(moved, 'utf8')).toBe('second');
    expect(readFileSync(`${path}.corrupt-20261124T080000-wal`, 'utf8')).toBe('first wal');
  });

  it('puts everything back and refuses when a companion cannot be moved', () => {
    const dir = folderWith({ 'inbox.db': 'main', 'inbox.db-wal': 'wal', 'inbox.db-shm': 'shm' });
    const path = join(dir, 'inbox.db');
    const actual = vi.mocked(fs.renameSync).getMockImplementation()!;
    vi.mocked(fs.renameSync).mockImplementation((from, to) => {
      if (String(from).endsWith('-shm')) throw Object.assign(new Error('busy'), { code: 'EBUSY' });
      actual(from, to);
    });

    expect(() => moveAside(path, 'it is not a readable database', ['-wal', '-shm'])).toThrow(
      new Failure(
        'invalid_input',
        'inbox.db cannot be used because it is not a readable database, and it could not be moved aside ' +
          `(EBUSY). Fix or move ${path} (and inbox.db-wal, inbox.db-shm beside it) yourself, then start again.`,
      ),
    );
    vi.mocked(fs.renameSync).mockImplementation(actual);
    expect(readdirSync(dir).sort()).toEqual(['inbox.db', 'inbox.db-shm', 'inbox.db-wal']);
    expect(readFileSync(`${path}-wal`, 'utf8')).toBe('wal');
  });
});
