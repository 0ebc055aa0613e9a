import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';
import { expectConsoleReady, openProcess } from './newcomer-steps';

test('a step’s earlier field set is offered on the same step of another process, and one click fills it', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  const steps = page.getByRole('list', { name: 'Steps' });
  const dialog = page.getByRole('dialog', { name: 'Complete step' });

  // FT-000003 waits at "Back office assessment": complete it with OUTCOME = Accepted.
  await openProcess(page, 'FT-000003');
  await steps.getByRole('button', { name: 'Complete step' }).click();
  const presets = dialog.getByRole('region', { name: 'Field presets' });
  await expect(presets).toContainText('Confidential values are never kept in presets');
  // Nothing to click yet, and the bar says when there will be.
  await expect(presets).toContainText('offered here from then on');
  await expect(presets.getByRole('group', { name: 'Used before on this step' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add field' }).click();
  const row = dialog.getByRole('group', { name: 'Field 1' });
  await row.getByLabel('Name').fill('Outcome');
  await row.getByLabel('Code').fill('OUTCOME');
  await row.getByLabel('Value').fill('Accepted');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toContainText('is complete');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // FT-000006, of the same type, waits at the same step: the set is offered, one click fills it.
  await openProcess(page, 'FT-000006');
  await steps.getByRole('button', { name: 'Complete step' }).click();
  const used = presets.getByRole('group', { name: 'Used before on this step' });
  await expect(presets).toContainText('Fill a set of fields used before on this step');
  await used.getByRole('button', { name: 'OUTCOME = Accepted' }).click();
  const filled = dialog.getByRole('group', { name: 'Field 1' });
  await expect(filled.getByLabel('Name')).toHaveValue('Outcome');
  await expect(filled.getByLabel('Code')).toHaveValue('OUTCOME');
  await expect(filled.getByLabel('Value')).toHaveValue('Accepted');
  await expect(dialog.getByRole('group', { name: 'Field 2' })).toHaveCount(0);

  // The fields saved as a named preset are offered by that name from then on.
  await presets.getByLabel('Preset name').fill('Accept the report');
  await presets.getByRole('button', { name: 'Save fields as preset' }).click();
  await expect(presets.getByRole('status')).toContainText('Saved “Accept the report”');
  await expect(
    presets
      .getByRole('group', { name: 'Saved presets' })
      .getByRole('button', { name: 'Accept the report', exact: true }),
  ).toBeVisible();
  await checkAccessibility(page, 'field-presets');
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/field-presets.png' });
});
