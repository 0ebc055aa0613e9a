import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, resolveDataDir } from '../../../../src-main/core/config';
import { Failure } from '../../../../src-main/core/failure';

describe('data folder', () => {
  it('follows each OS convention', () => {
    expect(defaultDataDir('linux', {}, '/home/ada')).toBe('/home/ada/.config/process-console');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ada')).toBe('/xdg/process-console');
    expect(defaultDataDir('darwin', {}, '/Users/ada')).toBe(
      '/Users/ada/Library/Application Support/Process Console',
    );
    expect(
      defaultDataDir('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada'),
    ).toContain('Process Console');
  });

  it('prefers --data, then PROCESS_CONSOLE_DATA, and creates the folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'pc-config-'));
    expect(resolveDataDir(join(root, 'a'), { PROCESS_CONSOLE_DATA: join(root, 'b') })).toBe(join(root, 'a'));
    expect(resolveDataDir(undefined, { PROCESS_CONSOLE_DATA: join(root, 'b') })).toBe(join(root, 'b'));
  });

  it('rejects a file or an empty setting with a sentence naming the path', () => {
    const root = mkdtempSync(join(tmpdir(), 'pc-config-'));
    const file = join(root, 'not-a-folder');
    writeFileSync(file, 'x');
    expect(() => resolveDataDir(file, {})).toThrowError(Failure);
    expect(() => resolveDataDir(file, {})).toThrowError(/not-a-folder/);
    expect(() => resolveDataDir('  ', {})).toThrowError(/empty/);
  });

  it('refuses a bare --data (parsed as true) with a sentence, not a TypeError', () => {
    expect(() => resolveDataDir(true, {})).toThrowError(Failure);
    expect(() => resolveDataDir(true, {})).toThrowError('--data needs a folder after it: --data <folder>.');
  });
});
