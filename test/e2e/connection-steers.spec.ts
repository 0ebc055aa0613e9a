import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server';
import { expect, test } from './fixtures';
import { createProfile, setCredentials } from './profile-steps';

/**
 * A tenant that reads its key under other header names answers a right key with 401. The
 * connection test says the key may be sent under names the tenant does not use, and offers the
 * tenant's description there; once its proposal is applied, reading it again says there is
 * nothing to apply instead of offering "Apply selected" on rows that are all "(same)".
 */

let tenant: RunningSandbox;
let key: { apiKey: string; apiSecret: string };

test.beforeAll(async () => {
  tenant = await startSandbox({
    dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-steers-')),
    port: 0,
    dialect: 'vendor',
  });
  key = tenant.createApiKey('Vendor desk');
});

test.afterAll(async () => {
  await tenant?.close();
});

test('a 401 under unconfirmed header names steers to the description, and a re-read has nothing to apply', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await createProfile(page, {
    name: 'Vendor tenant',
    baseUrl: tenant.url,
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Vendor desk',
  });
  await setCredentials(page, key.apiKey, key.apiSecret);
  // The tenant's paths, not its key header names: read its description, apply the paths alone.
  const panel = page.getByRole('region', { name: 'API description' });
  const review = panel.getByRole('region', { name: 'Review the proposal' });
  await panel.getByRole('button', { name: "Read the tenant's API description" }).click();
  await review.getByRole('checkbox', { name: 'Apply the authentication change' }).uncheck();
  await review.getByRole('button', { name: 'Apply selected' }).click();
  await expect(review).toBeHidden();
  const credentials = page.getByRole('region', { name: 'Credentials' });
  await credentials.getByRole('button', { name: 'Test connection' }).click();
  const said = credentials.getByRole('status');
  await expect(said).toContainText('(401)');
  await expect(said).toContainText(
    'The key may be right but sent under header names the tenant does not use',
  );
  await expect(said).toContainText("the console's defaults");

  await credentials
    .getByRole('button', { name: "Read the tenant's API description to find its paths and key headers" })
    .click();
  await expect(review).toContainText('X-Api-Key-Id');
  await review.getByRole('button', { name: 'Apply selected' }).click();
  await expect(review).toBeHidden();
  await setCredentials(page, key.apiKey, key.apiSecret);
  await credentials.getByRole('button', { name: 'Test connection' }).click();
  await expect(credentials.getByRole('status')).toContainText(/key was accepted/);

  await panel.getByRole('button', { name: "Read the tenant's API description" }).click();
  await expect(review).toContainText(
    "The profile already matches the tenant's description: nothing to apply.",
  );
  await expect(review.getByRole('button', { name: 'Apply selected' })).toHaveCount(0);
  await page.screenshot({ path: 'test/e2e/screenshots/discovery-nothing-to-apply.png' });
});
