import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';
import { goToScreen, openConsole, openProcess } from './newcomer-steps';

test('a process type read once is offered by name in the start form, and the audit shows the new reference', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  // Reading a process teaches the console its type's name.
  await openProcess(page, 'FT-000005');
  await expect(page.getByText('Report fly-tipping')).toBeVisible();

  await goToScreen(page, 'Start process');
  const form = page.getByRole('form', { name: 'Start a process' });
  const type = form.getByLabel('Process type id or name');
  // The field is empty and says so: no placeholder that looks like a value.
  await expect(type).toHaveValue('');
  await expect(type).not.toHaveAttribute('placeholder');
  await expect(form.locator('datalist option[value="Report fly-tipping"]')).toHaveCount(1);

  await type.fill('Report fly-tipping');
  const hint = form.getByText(/^Report fly-tipping: [0-9a-f-]{36}$/);
  await expect(hint).toBeVisible();
  const typeId = /([0-9a-f-]{36})$/.exec((await hint.textContent())!)![1]!;
  await form.getByRole('button', { name: 'Review', exact: true }).click();
  const review = form.getByRole('region', { name: 'Review' });
  await expect(review.getByLabel('Request body')).toContainText(`"processTypeId": "${typeId}"`);
  await checkAccessibility(page, 'start-by-name');
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/start-by-name.png' });
  await review.getByRole('button', { name: 'Start process' }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/FT-\d+/);
  const reference = /(FT-\d+)/.exec((await heading.textContent())!)![1]!;

  await goToScreen(page, 'Audit');
  const row = page
    .getByRole('table', { name: 'Audit records' })
    .getByRole('row')
    .filter({ hasText: 'Start process' });
  await expect(row).toContainText(reference);
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/audit-start-reference.png' });
});

test('a type name the profile has not met is said to be unknown, not a bad GUID', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  await goToScreen(page, 'Start process');
  const form = page.getByRole('form', { name: 'Start a process' });
  await form.getByLabel('Process type id or name').fill('Pothole report');
  await form.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(form).toContainText(
    'No process type named "Pothole report" is known to this profile yet: open one process of that type',
  );
  await expect(form).not.toContainText('must be a GUID');
});
