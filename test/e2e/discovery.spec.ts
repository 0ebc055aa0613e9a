import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server';
import { expect, test } from './fixtures';
import { createProfile, setCredentials } from './profile-steps';

/**
 * Reading the tenant's API description from the profile page: a profile whose endpoint map has
 * two wrong paths gets a proposal to put them right; the administrator applies one of the two,
 * and "Check the mapping" shows the one fixed working and the one left failing.
 */

let tenant: RunningSandbox;
let key: { apiKey: string; apiSecret: string };

test.beforeAll(async () => {
  tenant = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-discovery-')), port: 0 });
  key = tenant.createApiKey('Discovery key');
});

test.afterAll(async () => {
  await tenant?.close();
});

test('Discover, review side by side, apply part of it, and check the mapping', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  const name = 'Guessed tenant';
  await createProfile(page, {
    name,
    baseUrl: tenant.url,
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Discovery key',
  });
  await setCredentials(page, key.apiKey, key.apiSecret);

  // Two guesses that are wrong for this tenant.
  await page.getByRole('region', { name, exact: true }).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${name}` });
  await form.getByText('Advanced').click();
  await form.getByLabel('getCurrentStep path').fill('/open-api/processes/{processId}/current');
  await form.getByLabel('getDocument path').fill('/open-api/files/{documentId}');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('region', { name, exact: true })).toBeVisible();

  const panel = page.getByRole('region', { name: 'API description' });
  await expect(panel).toContainText('Not read yet.');
  await panel.getByRole('button', { name: "Read the tenant's API description" }).click();
  const review = panel.getByRole('region', { name: 'Review the proposal' });
  await expect(review).toContainText('Process Integration API (reference service)');
  const table = review.getByRole('table', { name: 'Proposed endpoints' });
  const row = (operation: string) =>
    table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: operation, exact: true }) });
  await expect(row('getCurrentStep')).toContainText('GET /open-api/processes/{processId}/current');
  await expect(row('getCurrentStep')).toContainText('GET /open-api/processes/{processId}/current-step');
  await expect(row('getCurrentStep')).toContainText('high');
  await expect(row('getDocument')).toContainText('GET /open-api/documents/{documentId}');
  // Rows that would change nothing cannot be ticked; the two that would are, until unticked.
  await expect(review.getByLabel('Apply getProcess', { exact: true })).toBeDisabled();
  await expect(review.getByLabel('Apply getCurrentStep')).toBeChecked();
  await review.getByLabel('Apply getDocument').uncheck();
  await expect(review.getByLabel('Apply the authentication change')).toBeDisabled();
  const axe = await new AxeBuilder({ page }).include('[aria-label="API description"]').analyze();
  const serious = axe.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 1600 });
  await review.scrollIntoViewIfNeeded();
  await review.screenshot({ path: 'test/e2e/screenshots/discovery-review.png' });

  await review.getByRole('button', { name: 'Apply selected' }).click();
  await expect(review).toBeHidden();
  await expect(panel).toContainText('Last read');
  await expect(page.getByRole('region', { name: 'Credentials' })).toContainText(
    `ends in ${key.apiKey.slice(-4)}`,
  );

  await panel.getByLabel('External reference of a process to read').fill('FT-000003');
  await panel.getByRole('button', { name: 'Check the mapping' }).click();
  const check = panel.getByRole('list', { name: 'Mapping check' });
  const item = (operation: string) => check.getByRole('listitem').filter({ hasText: operation });
  await expect(item('getProcessByReference')).toContainText('ok (HTTP 200), fields present');
  await expect(item('getCurrentStep')).toContainText('/current-step: ok (HTTP 200), fields present');
  // The guess left in place still fails, and says so.
  await expect(item('getDocument')).toContainText('/open-api/files/');
  await expect(item('getDocument')).toContainText('failed (HTTP 404)');
});
