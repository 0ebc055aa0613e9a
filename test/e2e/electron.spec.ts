import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { newcomerJourney, openProcess } from './newcomer-steps';

/** Where the Electron runtime binary is, if this machine has one; never triggers a download. */
function electronBinary(): string | undefined {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative) : join('node_modules', 'electron', 'dist', relative);
  return existsSync(candidate) ? candidate : undefined;
}

const binary = electronBinary();
const skipReason =
  'Electron runtime binary not present: it is downloaded from outside the npm registry at first launch; set ELECTRON_OVERRIDE_DIST_PATH to a folder holding one to run this test';
// The list reporter shows only "skipped": say why where a person reads it.
if (binary === undefined) console.log(`Desktop tests skipped. ${skipReason}.`);

test.describe('desktop shell', () => {
  test.skip(binary === undefined, skipReason);

  let app: ElectronApplication;
  let dataDir: string;

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'process-console-electron-'));
    app = await electron.launch({
      executablePath: binary,
      args: ['out/main/electron.js', '--data', dataDir, '--no-sandbox'],
    });
  });

  test.afterEach(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the window is app://console, locked down, with the preload bridge only', async () => {
    const window = await app.firstWindow();
    expect(await window.evaluate(() => location.origin)).toBe('app://console');
    await expect(window.getByText(dataDir)).toBeVisible();
    await expect(window.getByText('Desktop')).toBeVisible();
    const exposed = await window.evaluate(() =>
      Object.keys(window as unknown as Record<string, unknown>).filter(
        (k) => k === 'require' || k === 'process',
      ),
    );
    expect(exposed).toEqual([]);
    expect(await window.evaluate(() => typeof (window as unknown as { api?: unknown }).api)).toBe('object');
  });

  test('a newcomer does the whole journey in the desktop window and copies the process id', async () => {
    const window = await app.firstWindow();
    expect(await window.evaluate(() => location.origin)).toBe('app://console');
    await newcomerJourney(window);

    await openProcess(window, 'FT-000003');
    const processId = (await window.locator('.process-id code').textContent())?.trim();
    expect(processId).toBeTruthy();
    await window.getByRole('button', { name: 'Copy process id' }).click();
    await expect(window.getByRole('button', { name: 'Copy process id' })).toHaveText('Copied');
    expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe(processId);
  });
});
