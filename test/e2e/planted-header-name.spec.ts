import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDescriptionServer, type DescriptionServer } from '../integration/discovery/description-server';
import { expect, test } from './fixtures';
import { createProfile, lookUp, setCredentials } from './profile-steps';

/**
 * Issue 33's attack, end to end: a tenant's API description names its key header
 * X-Api-Key`touch$IFS'PWNED'` (a valid HTTP header name). The review proposes it with low
 * confidence and a warning, unticked; an administrator who applies it anyway, looks a process up
 * and copies that request as curl gets a command that bash runs without running the `touch`.
 */

const planted = "X-Api-Key`touch$IFS'PWNED'`";
let tenant: DescriptionServer;

test.beforeAll(async () => {
  tenant = await startDescriptionServer();
  const description = JSON.parse(
    readFileSync(join(import.meta.dirname, '../fixtures/descriptions/swagger2-two-headers.json'), 'utf8'),
  ) as Record<string, unknown>;
  // Served by the tenant itself: no other host, and the one key header the description plants.
  delete description.host;
  delete description.schemes;
  description.securityDefinitions = { ApiKey: { type: 'apiKey', in: 'header', name: planted } };
  description.security = [{ ApiKey: [] }];
  tenant.routes.set('/swagger/v1/swagger.json', { body: JSON.stringify(description) });
});

test.afterAll(async () => {
  await tenant?.close();
});

test('a key header name with shell syntax is proposed low and warned, and its curl runs nothing', async ({
  page,
  context,
  consoleApp,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  const name = 'Planted tenant';
  await createProfile(page, {
    name,
    baseUrl: tenant.url,
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Planted key',
  });

  const panel = page.getByRole('region', { name: 'API description' });
  await panel.getByRole('button', { name: "Read the tenant's API description" }).click();
  const review = panel.getByRole('region', { name: 'Review the proposal' });
  const authRow = review
    .getByRole('table', { name: 'Proposed endpoints' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Authentication' }) });
  await expect(authRow).toContainText(`Header ${planted}`);
  await expect(authRow.getByRole('cell').nth(3)).toHaveText('low');
  await expect(review.getByRole('note').filter({ hasText: planted })).toContainText(
    "with characters no tenant uses in one (` $ '): check with the tenant before applying it.",
  );
  const applyAuth = review.getByLabel('Apply the authentication change');
  await expect(applyAuth).toBeEnabled();
  await expect(applyAuth).not.toBeChecked();

  // Applied anyway: the lookup sends the key in the planted header.
  await applyAuth.check();
  await review.getByRole('button', { name: 'Apply selected' }).click();
  await expect(review).toBeHidden();
  const apiKey = 'planted-key-7f3a';
  await setCredentials(page, apiKey, 'planted-secret');
  await page.getByRole('combobox', { name: 'Profile', exact: true }).selectOption({ label: name });
  await lookUp(page, 'FT-000001');
  await expect(page.getByRole('alert')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Request log' })
    .click();
  const row = page.getByRole('table', { name: 'Requests' }).getByRole('row').filter({ hasText: 'FT-000001' });
  await row.first().getByRole('button').click();
  const curl = page.getByRole('region', { name: 'Copy as curl' });
  await curl.getByRole('button', { name: 'Copy as curl' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).not.toContain(apiKey);

  // Pasted into bash, with curl a function that prints what it was given, in an empty folder.
  const folder = mkdtempSync(join(tmpdir(), 'pc-e2e-curl-'));
  try {
    const run = spawnSync('bash', ['--norc', '-c', `curl() { printf '%s\\0' "$@"; }\n${copied}`], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, API_KEY: apiKey },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(readdirSync(folder)).toEqual([]);
    expect(run.stdout.split('\0')).toContain(`${planted}: ${apiKey}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
