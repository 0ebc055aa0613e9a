import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startConsole, test, type Console } from './fixtures';

/**
 * Without a keychain (the D-Bus address points nowhere, as in keychain-unavailable.spec.ts), each
 * choice holds and each message is true: the session-only choice, replacing a key, the receiver.
 */

async function withoutKeychain(page: Page, run: (app: Console) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'process-console-e2e-choices-'));
  const { console: app, child } = await startConsole(dataDir, [], {
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
  });
  try {
    await page.goto(app.url);
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
    await run(app);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const screens = (page: Page) => page.getByRole('navigation', { name: 'Screens' });
const sessionOnlyBox = (page: Page) =>
  page
    .getByRole('alert')
    .filter({ hasText: 'keychain' })
    .getByLabel(/session only/);

async function newProfile(page: Page, name: string) {
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Base URL').fill('https://tenant.example.com');
  await form.getByLabel('API key name').fill('Back office');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
}

async function setKey(page: Page, apiKey: string, apiSecret: string) {
  const credentials = page.getByRole('region', { name: 'Credentials' });
  await credentials.getByLabel('API key').fill(apiKey);
  await credentials.getByLabel('API secret').fill(apiSecret);
  await credentials.getByRole('button', { name: 'Set credentials' }).click();
}

test('the terminal says once at start that there is no keychain', async ({ page }) => {
  await withoutKeychain(page, async (app) => {
    await expect.poll(() => app.output()).toContain('No OS keychain answers');
    expect(app.output().match(/No OS keychain answers/g)).toHaveLength(1);
  });
});

test('the session-only choice holds when leaving Profiles, and a replaced key follows it', async ({
  page,
}) => {
  await withoutKeychain(page, async () => {
    await screens(page).getByRole('button', { name: 'Profiles' }).click();
    await sessionOnlyBox(page).check();
    await screens(page).getByRole('button', { name: 'Inbox' }).click();
    await screens(page).getByRole('button', { name: 'Profiles' }).click();
    await expect(sessionOnlyBox(page)).toBeChecked();

    // Replacing a key keeps using the choice: the new key is the one stored.
    await newProfile(page, 'Tenant without keychain');
    await setKey(page, 'FIRSTKEY-7f3a', 'first-secret');
    const credentials = page.getByRole('region', { name: 'Credentials' });
    await expect(credentials).toContainText('Key stored for this session only, ends in 7f3a');
    await screens(page).getByRole('button', { name: 'Audit' }).click();
    await screens(page).getByRole('button', { name: 'Profiles' }).click();
    await page.getByRole('button', { name: /Tenant without keychain/ }).click();
    await credentials.getByRole('button', { name: 'Replace credentials' }).click();
    await setKey(page, 'SECONDKEY-9b2c', 'second-secret');
    await expect(credentials).toContainText('Key stored for this session only, ends in 9b2c');
  });
});

test('a key the keychain cannot take says it was not stored and which key stays in use', async ({ page }) => {
  await withoutKeychain(page, async () => {
    await screens(page).getByRole('button', { name: 'Profiles' }).click();
    await sessionOnlyBox(page).check();
    await newProfile(page, 'Tenant without keychain');
    await setKey(page, 'FIRSTKEY-7f3a', 'first-secret');
    const credentials = page.getByRole('region', { name: 'Credentials' });
    await expect(credentials).toContainText('ends in 7f3a');

    await sessionOnlyBox(page).uncheck();
    await credentials.getByRole('button', { name: 'Replace credentials' }).click();
    await setKey(page, 'SECONDKEY-9b2c', 'second-secret');
    const error = credentials.getByRole('alert');
    await expect(error).toContainText(
      'The new key was not stored; the key ending in 7f3a is still the one in use for this session.',
    );
    await page.screenshot({ path: 'test-results/e2e/keychain-replace-refused.png' });
  });
});

test('saving receiver settings without a keychain says they were saved, and nothing false', async ({
  page,
}) => {
  await withoutKeychain(page, async () => {
    await screens(page).getByRole('button', { name: 'Profiles' }).click();
    await newProfile(page, 'Receiver without keychain');
    await page
      .getByRole('combobox', { name: 'Profile', exact: true })
      .selectOption({ label: 'Receiver without keychain' });
    await screens(page).getByRole('button', { name: 'Inbox' }).click();
    const form = page.getByRole('form', { name: 'Receiver settings' });
    await form.getByLabel('Receive REST API step calls for this profile').check();
    await form.getByRole('button', { name: /Save/ }).click();
    await page.screenshot({ path: 'test-results/e2e/keychain-receiver-saved.png' });
    await expect(page.getByText('Receiver settings saved.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The generated secret's notice says where it really is: no keychain, so this session only.
    const generated = page.getByRole('region', { name: 'Generated shared header' });
    await expect(generated).toContainText('as there is no keychain, is kept for this session only');
    await expect(generated).not.toContainText('kept in the keychain');
  });
});

test('with a keychain, the generated receiver secret is said to be kept in it', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await screens(page).getByRole('button', { name: 'Profiles' }).click();
  await newProfile(page, 'Receiver with keychain');
  await page
    .getByRole('combobox', { name: 'Profile', exact: true })
    .selectOption({ label: 'Receiver with keychain' });
  await screens(page).getByRole('button', { name: 'Inbox' }).click();
  const form = page.getByRole('form', { name: 'Receiver settings' });
  await form.getByLabel('Receive REST API step calls for this profile').check();
  await form.getByRole('button', { name: /Save/ }).click();
  const generated = page.getByRole('region', { name: 'Generated shared header' });
  await expect(generated).toContainText('it is shown only once, and is kept in the keychain.');
});
