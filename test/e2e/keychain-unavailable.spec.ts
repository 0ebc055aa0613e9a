import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, startConsole, test } from './fixtures';

test('without a keychain the console says why and keeps credentials for the session only', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'process-console-e2e-nokeychain-'));
  // No Secret Service reachable: the D-Bus address points nowhere.
  const { console: app, child } = await startConsole(dataDir, [], {
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
  });
  try {
    await page.goto(app.url);
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
    // The embedded default still works: its key lives in memory for this session.
    await page.getByLabel('Process id or external reference').fill('FT-000003');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();

    await page.getByRole('button', { name: 'Profiles', exact: true }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'keychain' });
    await expect(banner).toContainText('OS keychain is not available');
    await banner.getByLabel(/session only/).check();
    await page.getByRole('button', { name: 'New profile' }).click();
    const form = page.getByRole('form', { name: 'New profile' });
    await form.getByLabel('Name', { exact: true }).fill('Tenant without keychain');
    await form.getByLabel('Base URL').fill('https://tenant.example.com');
    await form.getByLabel('API key name').fill('Back office');
    await form.getByRole('button', { name: 'Save profile' }).click();
    const credentials = page.getByRole('region', { name: 'Credentials' });
    await credentials.getByLabel('API key').fill('SESSIONKEY-7f3a');
    await credentials.getByLabel('API secret').fill('SESSION-SECRET-value');
    await credentials.getByRole('button', { name: 'Set credentials' }).click();
    await expect(credentials).toContainText('Key stored for this session only, ends in 7f3a');
    await page.screenshot({ path: 'test/e2e/screenshots/keychain-unavailable.png' });

    // Nothing secret reached the disk.
    const walk = (folder: string): string[] =>
      readdirSync(folder).flatMap((entry) => {
        const path = join(folder, entry);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    for (const file of walk(dataDir))
      expect(readFileSync(file).includes('SESSION-SECRET-value'), file).toBe(false);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
