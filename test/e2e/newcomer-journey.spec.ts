import { test, expect } from './fixtures';

test('a newcomer opens FT-000003 on the embedded default, reads it, adds a note and completes the step', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();

  // First start made the "Local sandbox" profile on the embedded reference service.
  await expect(page.getByLabel('Profile')).toContainText('Local sandbox');

  await page.getByLabel('Process id or external reference').fill('FT-000003');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();

  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('article', { name: 'Back office assessment (current step)' })).toBeVisible();
  await page.screenshot({ path: 'test/e2e/screenshots/process-view.png' });

  await page.getByRole('tab', { name: /Documents/ }).click();
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('tab', { name: 'Form view' })).toHaveAttribute('aria-selected', 'true');
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toBeVisible();
  await page.screenshot({ path: 'test/e2e/screenshots/document-form-view.png' });
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await page.getByRole('tab', { name: /Notes/ }).click();
  await page.getByLabel('Note', { exact: true }).fill('Back office checked the report.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = page
    .getByRole('list', { name: 'Notes' })
    .getByRole('article')
    .filter({ hasText: 'Back office checked the report.' });
  await expect(note).toContainText('Process Console (local)');

  await page.getByRole('tab', { name: /Steps/ }).click();
  await steps.getByRole('button', { name: 'Complete step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  await dialog.getByRole('button', { name: 'Add field' }).click();
  const row = dialog.getByRole('group', { name: 'Field 1' });
  await row.getByLabel('Name').fill('Outcome');
  await row.getByLabel('Value').fill('Rejected');
  await row.getByLabel('Code').fill('OUTCOME');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByLabel('Request body')).toContainText('"OUTCOME"');
  // Every bridge call from here on, by name (the browser shell's bridge is POST /bridge/<call>).
  const calls: string[] = [];
  page.on('request', (request) => {
    const match = /^\/bridge\/([^/?]+)$/.exec(new URL(request.url()).pathname);
    if (match) calls.push(decodeURIComponent(match[1]!));
  });
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toContainText('Tell the customer');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(steps.getByRole('article', { name: 'Tell the customer (current step)' })).toBeVisible();

  await page.getByRole('button', { name: 'Audit' }).click();
  const audit = page.getByRole('table', { name: 'Audit records' });
  await expect(audit.getByRole('row')).toHaveCount(3);
  // The completion's reply carries the process: showing it, and Recent, asks nothing more.
  expect(calls.slice(0, calls.indexOf('audit.list'))).toEqual(['steps.complete']);
  await expect(audit).toContainText('Complete step');
  await expect(audit).toContainText('Add note');
  await page.screenshot({ path: 'test/e2e/screenshots/audit.png' });
});
