import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

test('starting a process with a Text field opens it, and the audit exports it to CSV', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Start process' })
    .click();
  const form = page.getByRole('form', { name: 'Start a process' });
  await form.getByLabel('Process type id').fill('not-a-guid');
  await form.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(form.getByText('Process type id must be a GUID')).toBeVisible();

  await form.getByLabel('Process type id').fill('6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01');
  await form.getByLabel('First note (optional)').fill('Reported by phone.');
  await form.getByRole('button', { name: 'Add field' }).click();
  const field = form.getByRole('group', { name: 'Field 1' });
  await field.getByLabel('Name').fill('Caller');
  await field.getByLabel('Code').fill('CALLER');
  await field.getByLabel('Value').fill('Mrs Example');
  await form.getByRole('button', { name: 'Review', exact: true }).click();
  await form.getByRole('button', { name: 'Start process' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toContainText(/FT-\d+/);
  await page.getByRole('tab', { name: /Fields/ }).click();
  await expect(page.getByRole('table')).toContainText('Mrs Example');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Audit' }).click();
  await expect(page.getByRole('table', { name: 'Audit records' })).toContainText('Start process');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Exported' });
  await expect(status).toContainText('Exported 1 records to');
  const path = /to (\S+\.csv)/.exec((await status.textContent())!)![1]!;
  expect(existsSync(path)).toBe(true);
  const csv = readFileSync(path, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('action');
  expect(csv).toContain('process.start');
  expect(csv).toContain('Mrs Example');
});
