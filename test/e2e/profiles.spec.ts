import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createProfile, lookUp, setCredentials, activateLiveProfile } from './profile-steps';

/** A second reference service, apart from the console's embedded one, with a key of its own. */
let second: RunningSandbox;
let key: { apiKey: string; apiSecret: string };

test.beforeAll(async () => {
  second = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-second-')), port: 0 });
  key = second.createApiKey('Second service key');
});

test.afterAll(async () => {
  await second?.close();
});

/** Opens the console on a new live profile of the second service, with its key. */
async function useLiveProfile(page: Page, url: string, name: string) {
  await page.goto(url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await activateLiveProfile(page, name, { url: second.url, key });
}

for (const scheme of [
  'Headers (X-Api-Key, X-Api-Secret)',
  'Basic (key:secret)',
  'Bearer token (client credentials)',
]) {
  test(`a profile with the ${scheme.split(' ')[0]} scheme connects and opens a process`, async ({
    page,
    consoleApp,
  }) => {
    await page.goto(consoleApp.url);
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
    const name = `Second ${scheme.split(' ')[0]}`;
    await createProfile(page, { name, baseUrl: second.url, scheme, keyName: 'Second service key' });
    await setCredentials(page, key.apiKey, key.apiSecret);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('region', { name: 'Credentials' }).getByRole('status')).toContainText(
      /key was accepted \(\d+ ms\)/,
    );
    await page.getByRole('button', { name: 'Use this profile' }).click();
    await lookUp(page, 'FT-000003');
    await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  });
}

test('a wrong secret and a stopped service each get a sentence naming the profile', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await createProfile(page, {
    name: 'Wrong secret',
    baseUrl: second.url,
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'x',
  });
  await setCredentials(page, key.apiKey, `${key.apiSecret}-wrong`);
  await page.getByRole('button', { name: 'Use this profile' }).click();
  await lookUp(page, 'FT-000003');
  await expect(page.getByRole('alert').first()).toContainText(
    'did not accept the credentials of profile "Wrong secret"',
  );

  const stopped = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-stopped-')), port: 0 });
  const stoppedKey = stopped.createApiKey('Stopped key');
  await createProfile(page, {
    name: 'Stopped service',
    baseUrl: stopped.url,
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'x',
  });
  await setCredentials(page, stoppedKey.apiKey, stoppedKey.apiSecret);
  await stopped.close();
  await page.getByRole('button', { name: 'Use this profile' }).click();
  await lookUp(page, 'FT-000003');
  await expect(page.getByRole('alert').first()).toContainText('Nothing is answering');
  await expect(page.getByRole('alert').first()).toContainText('"Stopped service"');
});

test('a live profile tints the frame and demands the typed reference before completing', async ({
  page,
  consoleApp,
}) => {
  await useLiveProfile(page, consoleApp.url, 'Live tenant');
  await expect(page.getByRole('note')).toContainText('LIVE tenant: Live tenant');
  await lookUp(page, 'FT-000003');
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: 'Complete step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  await dialog.getByRole('button', { name: 'Review' }).click();
  const send = dialog.getByRole('button', { name: 'Complete step' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel(/Type the external reference/).fill('FT-00000');
  await expect(send).toBeDisabled();
  await dialog.getByLabel(/Type the external reference/).fill('FT-000003');
  await expect(send).toBeEnabled();
  await page.screenshot({ path: 'test/e2e/screenshots/live-complete-review.png' });
});

test('a live profile shows the review and asks for the typed confirmation before adding a note or starting', async ({
  page,
  consoleApp,
}) => {
  await useLiveProfile(page, consoleApp.url, 'Live changes');
  await lookUp(page, 'FT-000005');
  await page.getByRole('tab', { name: /Notes/ }).click();
  const noteForm = page.getByRole('form', { name: 'Add a note' });
  await noteForm.getByLabel('Note', { exact: true }).fill('Checked on the live tenant.');
  await noteForm.getByRole('button', { name: 'Review note' }).click();
  const noteReview = noteForm.getByRole('region', { name: 'Review' });
  await expect(noteReview).toContainText(/POST \/open-api\/processes\/[0-9a-f-]{36}\/notes/);
  await expect(noteReview).toContainText('"contents": "Checked on the live tenant."');
  const add = noteForm.getByRole('button', { name: 'Add note' });
  await expect(add).toBeDisabled();
  const typeReference = noteReview.getByLabel('Type the external reference FT-000005 exactly to confirm');
  await typeReference.fill('FT-00000');
  await expect(add).toBeDisabled();
  await typeReference.fill('FT-000005');
  await add.click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Checked on the live tenant.');

  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Start process' })
    .click();
  const startForm = page.getByRole('form', { name: 'Start a process' });
  const typeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';
  await startForm.getByLabel('Process type id').fill(typeId);
  await startForm.getByRole('button', { name: 'Review', exact: true }).click();
  const startReview = startForm.getByRole('region', { name: 'Review' });
  await expect(startReview).toContainText('POST /open-api/processes');
  await expect(startReview).toContainText(`"processTypeId": "${typeId}"`);
  const start = startForm.getByRole('button', { name: 'Start process' });
  await expect(start).toBeDisabled();
  await startReview.getByLabel(`Type the process type id ${typeId} exactly to confirm`).fill(typeId);
  await start.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/FT-\d+/);
});

test('the endpoint map shows the defaults and refuses an override that drops a placeholder', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Profiles', exact: true }).click();
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByText('Advanced').click();
  const path = form.getByLabel('completeStep path');
  await expect(path).toHaveAttribute(
    'placeholder',
    '/open-api/processes/{processId}/steps/{stepId}/complete',
  );
  await form.getByLabel('Name', { exact: true }).fill('Custom paths');
  await form.getByLabel('Base URL').fill('http://tenant.example.com');
  await form.getByLabel('API key name').fill('Key');
  await path.fill('/api/v2/processes/{processId}/complete');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('must keep the {stepId} placeholder')).toBeVisible();
  await expect(form.getByText('must use https')).toBeVisible();
  await path.fill('/api/v2/processes/{processId}/steps/{stepId}/done');
  await form.getByLabel('Base URL').fill('https://tenant.example.com');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('region', { name: 'Custom paths', exact: true })).toBeVisible();
});

test('the form says a new proxy clears the stored key and, on a live profile, asks for its name', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await createProfile(page, {
    name: 'Live proxied',
    baseUrl: second.url,
    environment: 'Live',
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Second service key',
  });
  await setCredentials(page, key.apiKey, key.apiSecret);
  await page
    .getByRole('region', { name: 'Live proxied', exact: true })
    .getByRole('button', { name: 'Edit' })
    .click();
  const form = page.getByRole('form', { name: 'Edit Live proxied' });
  await expect(form.getByRole('note')).toHaveCount(0);
  await form.getByText('Advanced').click();
  await form.getByRole('combobox', { name: /^Proxy/ }).selectOption({ label: 'This proxy URL' });
  await form.getByRole('textbox', { name: /^Proxy URL/ }).fill('http://127.0.0.1:3128');
  await expect(form.getByRole('note')).toHaveText(
    'Saving clears the stored key: it was given for another proxy.',
  );
  await form.getByRole('textbox', { name: /^Custom CA file/ }).fill('/etc/ssl/certs/tenant.pem');
  await expect(form.getByRole('note')).toHaveText(
    'Saving clears the stored key: it was given for another proxy and CA file.',
  );
  await form.getByRole('textbox', { name: /^Custom CA file/ }).fill('');
  // Saving without the typed name is refused with the sentence main would give.
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form).toContainText('Type the profile name "Live proxied" to confirm.');
  await form.getByLabel(/type its name "Live proxied" to confirm/).fill('Live proxied');
  await form.getByRole('button', { name: 'Save profile' }).click();
  const credentials = page.getByRole('region', { name: 'Credentials' });
  await expect(page.getByRole('region', { name: 'Live proxied', exact: true })).toBeVisible();
  await expect(credentials).not.toContainText('Key stored');
  await expect(credentials.getByLabel('API key')).toBeVisible();
});
