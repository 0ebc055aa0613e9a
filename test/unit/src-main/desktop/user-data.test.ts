import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumDataDir, overlaps } from '../../../../src-main/desktop/user-data';

// Electron's appData on macOS; the console's default data folder is <appData>/Process Console.
const appData = '/Users/ada/Library/Application Support';
const base = { appData, temp: '/tmp', defaultDataDir: join(appData, 'Process Console') };

describe('Chromium user data folder', () => {
  it('is apart from the default data folder (which Electron would otherwise share)', () => {
    const dir = chromiumDataDir({ ...base, dataDir: base.defaultDataDir });
    expect(dir).toBe(join(appData, 'Process Console Chromium', 'default'));
    expect(overlaps(dir, base.defaultDataDir)).toBe(false);
  });

  it('is one per --data folder, so two consoles on two folders do not share a lock', () => {
    const a = chromiumDataDir({ ...base, dataDir: '/tmp/console-a' });
    const b = chromiumDataDir({ ...base, dataDir: '/tmp/console-b' });
    expect(a).not.toBe(b);
    expect(a).toBe(chromiumDataDir({ ...base, dataDir: '/tmp/console-a/' }));
    for (const dir of [a, b])
      expect(overlaps(dir, '/tmp/console-a') || overlaps(dir, '/tmp/console-b')).toBe(false);
  });

  it('stays out of a --data folder that contains appData or its own folder', () => {
    for (const dataDir of [appData, join(appData, 'Process Console Chromium'), '/Users/ada']) {
      const dir = chromiumDataDir({ ...base, dataDir });
      expect(overlaps(dir, dataDir), `${dataDir} -> ${dir}`).toBe(false);
    }
  });

  it('tells nested folders from look-alike names', () => {
    expect(overlaps('/a/b', '/a/b/c')).toBe(true);
    expect(overlaps('/a/b', '/a/b')).toBe(true);
    expect(overlaps('/a/b', '/a/bc')).toBe(false);
  });
});
