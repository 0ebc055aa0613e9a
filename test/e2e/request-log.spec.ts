import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server';
import { expect, test } from './fixtures';
import { addNote, openProcess } from './newcomer-steps';
import { createProfile, lookUp, setCredentials } from './profile-steps';

/** A reference service of this spec's own, so the test knows the key that must never show. */
let service: RunningSandbox;
let key: { apiKey: string; apiSecret: string };

test.beforeAll(async () => {
  service = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-log-')), port: 0 });
  key = service.createApiKey('Request log key');
});

test.afterAll(async () => {
  await service?.close();
});

test('the request log keeps bodies, copies a request as curl without its secrets, and filters', async ({
  page,
  context,
  consoleApp,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await createProfile(page, {
    name: 'Logged tenant',
    baseUrl: service.url,
    scheme: 'Basic (key:secret)',
    keyName: 'Request log key',
  });
  await setCredentials(page, key.apiKey, key.apiSecret);
  await page.getByRole('combobox', { name: 'Profile', exact: true }).selectOption({ label: 'Logged tenant' });

  await lookUp(page, 'FT-999999');
  await expect(page.getByRole('alert')).toBeVisible();
  await openProcess(page, 'FT-000003');
  await addNote(page, 'Checked in the request log.');
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Checked in the request log.');

  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Request log' })
    .click();
  const table = page.getByRole('table', { name: 'Requests' });
  const noteRow = table.getByRole('row').filter({ hasText: /POST \/open-api\/processes\/[0-9a-f-]+\/notes/ });
  await expect(noteRow).toHaveCount(1);
  // The time reads as the audit writes it: "23 Nov 2026, 09:14:22".
  await expect(noteRow.getByRole('button')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/);
  await noteRow.getByRole('button').click();

  await expect(page.getByRole('region', { name: 'Request body' })).toContainText(
    '"contents": "Checked in the request log."',
  );
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText('"noteId"');
  const curl = page.getByRole('region', { name: 'Copy as curl' });
  await expect(curl).toContainText('$API_KEY');
  await expect(curl).toContainText(`${service.url}/open-api/processes/`);
  await curl.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/e2e/request-log-curl.png' });
  await curl.getByRole('button', { name: 'Copy as curl' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('curl -X POST');
  expect(copied).toContain('"contents": "Checked in the request log."');
  const basic = Buffer.from(`${key.apiKey}:${key.apiSecret}`).toString('base64');
  for (const secret of [key.apiKey, key.apiSecret, basic]) {
    expect(copied).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);
  }

  // Filters: by process (its reference finds the note, sent by id), and by status.
  const process = page.getByLabel('Process', { exact: true });
  await process.fill('FT-000003');
  await expect(noteRow).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'FT-999999' })).toHaveCount(0);
  await process.fill('FT-000001');
  await expect(page.getByText('No requests match.')).toBeVisible();
  await process.fill('');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: '4xx refused' });
  await expect(table.getByRole('row').filter({ hasText: 'FT-999999' })).toHaveCount(1);
  await expect(noteRow).toHaveCount(0);
});
