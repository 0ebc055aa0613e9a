import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOnScreen, loadWindowBounds, saveWindowBounds } from '../../../src-main/window-state';

describe('desktop window size and position', () => {
  it('comes back as it was saved', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-window-'));
    expect(loadWindowBounds(dataDir)).toBeNull();
    saveWindowBounds(dataDir, { x: 40, y: 30, width: 1400, height: 900, maximized: true });
    expect(loadWindowBounds(dataDir)).toEqual({ x: 40, y: 30, width: 1400, height: 900, maximized: true });
  });

  it('falls back to the default size when the file is damaged', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-window-'));
    writeFileSync(join(dataDir, 'window.json'), '{"version":1,"width":"wide"');
    expect(loadWindowBounds(dataDir)).toBeNull();
  });

  it('is not restored onto a display that is gone', () => {
    const laptop = [{ x: 0, y: 0, width: 1440, height: 900 }];
    expect(isOnScreen({ x: 100, y: 80, width: 1200, height: 800, maximized: false }, laptop)).toBe(true);
    expect(isOnScreen({ x: 2600, y: 80, width: 1200, height: 800, maximized: false }, laptop)).toBe(false);
  });
});
