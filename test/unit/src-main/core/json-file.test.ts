import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Failure } from '../../../../src-main/core/failure';
import { readJsonFile, writeFileAtomic, writeJsonFileAtomic } from '../../../../src-main/core/json-file';

const schema = z.object({ items: z.array(z.string()) });

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'pc-json-'));
}

describe('writeJsonFileAtomic', () => {
  it('writes a versioned document, readable back, with mode 0600 and no temp file left', () => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeJsonFileAtomic(path, 1, { items: ['a'] });
    writeJsonFileAtomic(path, 1, { items: ['a', 'b'] });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, items: ['a', 'b'] });
    expect(readJsonFile(path, 1, schema)).toEqual({
      value: { items: ['a', 'b'] },
      problem: null,
      movedTo: null,
    });
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('leaves the old file whole and no temp file when the write fails', () => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeFileAtomic(path, 'old');
    // A folder cannot be replaced by a file: the rename fails after the temp file was written.
    const blocked = join(dir, 'blocked');
    writeFileAtomic(join(blocked, 'inner'), 'x');
    expect(() => writeFileAtomic(blocked, 'new')).toThrow();
    expect(readFileSync(path, 'utf8')).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['blocked', 'state.json']);
  });
});

describe('readJsonFile', () => {
  it('treats a missing file as an empty state without a problem', () => {
    expect(readJsonFile(join(folder(), 'none.json'), 1, schema)).toEqual({
      value: null,
      problem: null,
      movedTo: null,
    });
  });

  it.each([
    ['garbage', '{not json', /not valid JSON/],
    ['an array', '[1, 2]', /not a JSON object/],
    ['a missing version', '{"items": []}', /format version is missing, expected 1/],
    ['a newer version', '{"version": 7, "items": []}', /written by a newer console \(format 7/],
    ['an invalid body', '{"version": 1, "items": [3]}', /content is not valid \(items\.0: /],
  ])('moves %s aside, keeps its bytes and explains', (_label, content, reason) => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeFileSync(path, content);
    const read = readJsonFile(path, 1, schema);
    expect(read.value).toBeNull();
    expect(read.movedTo).toMatch(/state\.json\.corrupt-\d{8}T\d{6}$/);
    expect(readFileSync(read.movedTo!, 'utf8')).toBe(content);
    expect(existsSync(path)).toBe(false);
    expect(read.problem).toMatch(reason);
    expect(read.problem).toContain(read.movedTo!);
  });

  it('never overwrites an earlier corrupt copy made in the same second', () => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeFileSync(path, 'first');
    const first = readJsonFile(path, 1, schema).movedTo!;
    writeFileSync(path, 'second');
    const second = readJsonFile(path, 1, schema).movedTo!;
    expect(second).not.toBe(first);
    expect(readFileSync(first, 'utf8')).toBe('first');
    expect(readFileSync(second, 'utf8')).toBe('second');
  });

  it('moves aside a path that is a folder (unreadable as a file)', () => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeFileAtomic(join(path, 'inner'), 'x');
    const read = readJsonFile(path, 1, schema);
    expect(read.problem).toMatch(/cannot be read \(EISDIR\)/);
    expect(statSync(read.movedTo!).isDirectory()).toBe(true);
  });

  // /proc cannot be renamed in, even by root: a file that cannot be moved aside on any account.
  it.runIf(process.platform === 'linux')(
    'reports a Failure, not an empty state, when the file cannot be moved aside',
    () => {
      expect(() => readJsonFile('/proc/version', 1, schema)).toThrow(Failure);
      expect(() => readJsonFile('/proc/version', 1, schema)).toThrow(/could not be moved aside/);
    },
  );
});
