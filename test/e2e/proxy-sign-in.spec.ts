import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server';
import { startLoggingProxy, type LoggingProxy } from '../support/logging-proxy';
import { expect, test } from './fixtures';
import { setCredentials } from './profile-steps';

/**
 * A council proxy that asks for a user name and password: the connection test says so, naming
 * the proxy; the Proxy sign-in panel takes them, then shows only that they are stored.
 */

let service: RunningSandbox;
let proxy: LoggingProxy;
let key: { apiKey: string; apiSecret: string };
const signIn = { username: 'jo.bloggs', password: 'Winter 2026!' };

test.beforeAll(async () => {
  service = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-proxy-')), port: 0 });
  key = service.createApiKey('Proxied key');
  proxy = await startLoggingProxy({ basic: signIn });
});

test.afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

test('a proxy asking for Basic sign-in is named, and signed in to from the Profiles screen', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Profiles', exact: true }).click();
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name', { exact: true }).fill('Council tenant');
  await form.getByLabel('Base URL').fill(service.url);
  await form.getByLabel('Test', { exact: true }).check();
  await form.getByLabel('API key name').fill('Proxied key');
  await form.getByText('Advanced').click();
  // A new profile follows the system's proxy settings; this council pins its proxy.
  await expect(form.getByRole('combobox', { name: /^Proxy/ })).toHaveValue('system');
  await form.getByRole('combobox', { name: /^Proxy/ }).selectOption({ label: 'This proxy URL' });
  await form.getByRole('textbox', { name: /^Proxy URL/ }).fill(proxy.url);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('region', { name: 'Council tenant', exact: true })).toBeVisible();
  await setCredentials(page, key.apiKey, key.apiSecret);

  const panel = page.getByRole('region', { name: 'Proxy sign-in' });
  await expect(panel).toContainText(`Requests go through ${proxy.url}.`);
  await page.getByRole('button', { name: 'Test connection' }).click();
  const status = page.getByRole('region', { name: 'Credentials' }).getByRole('status');
  await expect(status).toContainText(
    `The proxy ${proxy.url} (named by profile "Council tenant") asks for a user name and password (Basic)`,
  );

  await panel.getByLabel('Proxy user name').fill(signIn.username);
  await panel.getByLabel('Proxy password').fill(signIn.password);
  await panel.getByRole('button', { name: 'Set proxy sign-in' }).click();
  await expect(panel).toContainText('A user name and password are stored for it.');
  await expect(panel.getByLabel('Proxy password')).toHaveCount(0);
  expect(await page.content()).not.toContain(signIn.password);

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(status).toContainText(/key was accepted \(\d+ ms\)/);
});
