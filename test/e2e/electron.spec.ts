import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

/** Where the Electron runtime binary is, if this machine has one; never triggers a download. */
function electronBinary(): string | undefined {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative) : join('node_modules', 'electron', 'dist', relative);
  return existsSync(candidate) ? candidate : undefined;
}

const binary = electronBinary();

test.describe('desktop shell', () => {
  test.skip(
    binary === undefined,
    'Electron runtime binary not present: it is downloaded from outside the npm registry at first launch; set ELECTRON_OVERRIDE_DIST_PATH to a folder holding one to run this test',
  );

  test('the desktop window shows app.info through the preload bridge', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'process-console-electron-'));
    const app = await electron.launch({
      executablePath: binary,
      args: ['out/main/electron.js', '--data', dataDir, '--no-sandbox'],
    });
    const window = await app.firstWindow();
    await expect(window.getByText(dataDir)).toBeVisible();
    await expect(window.getByText('Desktop')).toBeVisible();
    const exposed = await window.evaluate(() =>
      Object.keys(window as unknown as Record<string, unknown>).filter(
        (k) => k === 'require' || k === 'process',
      ),
    );
    expect(exposed).toEqual([]);
    await app.close();
  });
});
