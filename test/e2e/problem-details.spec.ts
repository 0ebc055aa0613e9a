import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server';
import { expect, test } from './fixtures';
import { createProfile, setCredentials } from './profile-steps';

/**
 * Issue 27 item 6: a tenant that refuses in RFC 9457 Problem Details, as ASP.NET Core does by
 * default (the reference service's vendor dialect). Set up from its description, it passes the
 * connection test, and a completion it refuses as invalid shows the refusal on the field it names,
 * with the trace id for the vendor's support.
 */

let tenant: RunningSandbox;
let key: { apiKey: string; apiSecret: string };

test.beforeAll(async () => {
  tenant = await startSandbox({
    dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-problem-details-')),
    port: 0,
    dialect: 'vendor',
  });
  key = tenant.createApiKey('Vendor desk');
});

test.afterAll(async () => {
  await tenant?.close();
});

test('a validation answer in Problem Details shows on the field it names, with its trace id', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  const name = 'Vendor tenant';
  await createProfile(page, {
    name,
    baseUrl: tenant.url,
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Vendor desk',
  });
  await setCredentials(page, key.apiKey, key.apiSecret);
  const panel = page.getByRole('region', { name: 'API description' });
  await panel.getByRole('button', { name: "Read the tenant's API description" }).click();
  const review = panel.getByRole('region', { name: 'Review the proposal' });
  await review.getByRole('button', { name: 'Apply selected' }).click();
  await expect(review).toBeHidden();
  // New key header names unbind the key, so it is given again.
  await setCredentials(page, key.apiKey, key.apiSecret);

  // The tenant answers the probe's unknown process with a Problem Details 404: the API answered.
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('region', { name: 'Credentials' }).getByRole('status')).toContainText(
    /key was accepted \(\d+ ms\)/,
  );
  await page.getByRole('button', { name: 'Use this profile' }).click();
  await page.getByLabel('Process id or external reference').fill('FT-000003');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();

  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: 'Complete step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await dialog.getByRole('button', { name: 'Add field' }).click();
  const first = dialog.getByRole('group', { name: 'Field 1' });
  await first.getByLabel('Name').fill('Outcome');
  await first.getByLabel('Value').fill('Rejected');
  await first.getByLabel('Code').fill('OUTCOME');
  // The console takes a value of up to 100,000 characters; this tenant takes 10,000.
  const second = dialog.getByRole('group', { name: 'Field 2' });
  await second.getByLabel('Name').fill('Crew notes');
  await second.getByLabel('Value').fill('x'.repeat(10_001));
  await second.getByLabel('Code').fill('CREWNOTES');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Complete step' }).click();

  // Back to the fields: the sentence with the trace id, and the refusal on Field 2's value.
  await expect(dialog.getByRole('alert')).toContainText(
    'The service refused the request as invalid (400). The service said: "fields[1].value must be at most 10000 characters',
  );
  await expect(dialog.getByRole('alert')).toContainText(
    /\(trace id 00-[0-9a-f]{32}-[0-9a-f]{16}-00: give it to the vendor's support\)/,
  );
  const refused = second.getByLabel('Value');
  await expect(refused).toHaveAttribute('aria-invalid', 'true');
  await expect(refused).toBeFocused();
  await expect(second).toContainText('The service said: The Value field must be at most 10000 characters.');
  await expect(first.getByLabel('Value')).not.toHaveAttribute('aria-invalid', 'true');

  // Once the value is edited, the service's words no longer describe it.
  await refused.fill('Bags left by the gate.');
  await expect(second).not.toContainText('The service said');
  await expect(refused).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toContainText('Tell the customer');
});
