import { mkdirSync, mkdtempSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Failure } from '../../../../src-main/core/failure';
import {
  chromiumDataDir,
  overlaps,
  prepareChromiumDir,
  realFolder,
} from '../../../../src-main/desktop/user-data';

// Electron's appData on macOS; the console's default data folder is <appData>/Process Console.
const appData = '/Users/ada/Library/Application Support';
const base = { appData, temp: '/tmp', defaultDataDir: join(appData, 'Process Console'), user: '501' };

describe('Chromium user data folder', () => {
  it('is apart from the default data folder (which Electron would otherwise share)', () => {
    const dir = chromiumDataDir({ ...base, dataDir: base.defaultDataDir });
    expect(dir.path).toBe(join(appData, 'Process Console Chromium', 'default'));
    expect(dir.ownFolder).toBe(join(appData, 'Process Console Chromium'));
    expect(overlaps(dir.path, base.defaultDataDir)).toBe(false);
  });

  it('is one per --data folder, so two consoles on two folders do not share a lock', () => {
    const a = chromiumDataDir({ ...base, dataDir: '/tmp/console-a' }).path;
    const b = chromiumDataDir({ ...base, dataDir: '/tmp/console-b' }).path;
    expect(a).not.toBe(b);
    expect(a).toBe(chromiumDataDir({ ...base, dataDir: '/tmp/console-a/' }).path);
    for (const dir of [a, b])
      expect(overlaps(dir, '/tmp/console-a') || overlaps(dir, '/tmp/console-b')).toBe(false);
  });

  it('stays out of a --data folder that contains appData or its own folder', () => {
    for (const dataDir of [appData, join(appData, 'Process Console Chromium'), '/Users/ada']) {
      const dir = chromiumDataDir({ ...base, dataDir }).path;
      expect(overlaps(dir, dataDir), `${dataDir} -> ${dir}`).toBe(false);
    }
  });

  it('falls back to a temp folder of this user only', () => {
    const dir = chromiumDataDir({ ...base, dataDir: '/Users/ada' });
    expect(dir.ownFolder).toBe(join('/tmp', 'Process Console Chromium-501'));
    const other = chromiumDataDir({ ...base, user: '502', dataDir: '/Users/ada' });
    expect(other.path).not.toBe(dir.path);
    expect(chromiumDataDir({ ...base, user: 'DOMAIN\\ada', dataDir: '/Users/ada' }).ownFolder).toBe(
      join('/tmp', 'Process Console Chromium-DOMAIN_ada'),
    );
  });

  it('gives two spellings of one folder (a symlink) one lock', () => {
    const root = mkdtempSync(join(tmpdir(), 'pc-user-data-'));
    const real = join(root, 'data');
    mkdirSync(real);
    symlinkSync(real, join(root, 'link'));
    expect(realFolder(join(root, 'link'))).toBe(realFolder(real));
    const viaLink = chromiumDataDir({ ...base, dataDir: realFolder(join(root, 'link')) });
    expect(viaLink).toEqual(chromiumDataDir({ ...base, dataDir: realFolder(real) }));
    expect(realFolder(join(root, 'missing'))).toBe(join(root, 'missing'));
  });

  it('creates the folder for this user only and refuses one another user owns', () => {
    const root = mkdtempSync(join(tmpdir(), 'pc-user-data-'));
    const own = join(root, 'Process Console Chromium-1');
    const dir = { ownFolder: own, path: join(own, 'default') };
    const uid = process.getuid?.();
    prepareChromiumDir(dir, uid);
    if (process.platform !== 'win32') expect(statSync(dir.path).mode & 0o777).toBe(0o700);
    expect(() => prepareChromiumDir(dir, (uid ?? 0) + 1)).toThrowError(Failure);
    expect(() => prepareChromiumDir(dir, (uid ?? 0) + 1)).toThrowError(/belongs to another user/);
  });

  it('tells nested folders from look-alike names', () => {
    expect(overlaps('/a/b', '/a/b/c')).toBe(true);
    expect(overlaps('/a/b', '/a/b')).toBe(true);
    expect(overlaps('/a/b', '/a/bc')).toBe(false);
  });
});
