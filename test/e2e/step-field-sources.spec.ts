import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';
import { openConsole, openProcess } from './newcomer-steps';

/**
 * Issue 28 major 5: the completion dialog offers what the step needs before it was ever completed:
 * the codes the reference service says its rules read, and the fields the process has (a
 * confidential value masked), each source one click.
 */
test('a step never completed before offers the codes its rules read and the process’s fields, one click each', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  // FT-000003 waits at "Back office assessment", whose rule reads OUTCOME; nothing completed it yet.
  await openProcess(page, 'FT-000003');
  // The header shows the process id beside its label.
  const processId = (await page.locator('code.mono-id').first().textContent())!.trim();
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: 'Complete step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  const needs = dialog.getByRole('region', { name: 'What this step needs' });
  await expect(dialog.getByRole('group', { name: 'Field 1', exact: true })).toHaveCount(0);

  const rules = needs.getByRole('group', { name: 'Read by this step’s rules' });
  await expect(rules).toContainText('OUTCOME');
  await expect(rules).toContainText('not on the process yet');
  const ownFields = needs.getByRole('group', { name: 'Fields this process has' });
  await expect(ownFields).toContainText('FirstName');
  // A confidential value is masked until revealed, and not in the page at all while masked.
  await expect(ownFields.getByLabel('Confidential value hidden').first()).toBeVisible();
  await expect(dialog).not.toContainText('QQ345678C');

  await page.screenshot({ path: 'test/e2e/screenshots/issue-28/step-field-sources.png' });

  // One click: the rules' code becomes a row, named by its code, its field id the process id.
  await rules.getByRole('button', { name: 'Add the 1 field its rules read' }).click();
  const first = dialog.getByRole('group', { name: 'Field 1', exact: true });
  await expect(first.getByLabel('Code')).toHaveValue('OUTCOME');
  await expect(first.getByLabel('Name')).toHaveValue('OUTCOME');
  await expect(first.getByLabel('Value')).toHaveValue('');
  await expect(first.getByLabel('Field id')).toHaveValue(processId);
  await expect(rules.getByRole('button', { name: 'All added' })).toBeDisabled();

  // One click more: every field of the process, current values in, a confidential one still typed
  // into a password box; OUTCOME is not repeated.
  await ownFields.getByRole('button', { name: /^Add all \d+ process fields$/ }).click();
  const rows = dialog.getByRole('group', { name: /^Field \d+$/ });
  await expect(rows).not.toHaveCount(1);
  const firstName = rows.filter({ has: page.getByLabel('Code').and(page.locator('[value="FirstName"]')) });
  await expect(firstName.getByLabel('Value')).toHaveValue('Grace');
  const nino = rows.filter({ has: page.getByLabel('Code').and(page.locator('[value="NINO"]')) });
  await expect(nino.getByLabel('Value')).toHaveAttribute('type', 'password');
  await expect(nino.getByLabel('Confidential')).toBeChecked();
  await expect(ownFields.getByRole('button', { name: 'All added' })).toBeDisabled();
  await checkAccessibility(page, 'step-field-sources');

  // What the rules read decides where the process goes: Rejected leads to "Tell the customer".
  await first.getByLabel('Value').fill('Rejected');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toContainText('The current step is now Tell the customer');
});
