import { expect, type Page } from '@playwright/test';

/**
 * Submits a test form on the embedded default and walks its delivery through all seven stages.
 * Shared by the workbench spec and the screens spec; `shot` is called with the delivery selected
 * in the inbox, mid-walk (the back-office stage filled in, waiting to continue) and with the walk finished.
 */
export async function rehearse(
  page: Page,
  outcome: 'Accepted' | 'Rejected',
  shot: (name: 'inbox' | 'walk-mid-stage' | 'walk') => Promise<unknown> = async () => {},
) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Inbox' }).click();
  await page.getByText('Submit a test form').click();
  const form = page.getByRole('form', { name: 'Submit a test form' });
  await form.getByRole('button', { name: 'Submit test form' }).click();
  await expect(form.getByRole('status')).toContainText('started');
  const reference = /(FT-\d+)/.exec((await form.getByRole('status').textContent())!)![1]!;

  // The REST API step posted to the console's receiver; the delivery shows up live.
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  const row = deliveries.getByRole('row').filter({ hasText: reference });
  await expect(row).toBeVisible({ timeout: 2_000 });
  await row.getByRole('button').click();
  await shot('inbox');
  await page.getByRole('button', { name: 'Walk the pattern' }).click();

  const walk = page.getByRole('complementary', { name: 'Walk the pattern' });
  await walk.getByRole('button', { name: 'Payload read, continue' }).click();
  await walk.getByRole('button', { name: 'Open service-request.xml' }).click();
  const viewer = page.getByRole('dialog', { name: 'service-request.xml' });
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toContainText('Ada');
  await page.keyboard.press('Escape');
  await walk.getByRole('button', { name: 'Document read, continue' }).click();
  await walk.getByLabel('Back-office reference').fill('BO-1042');
  await shot('walk-mid-stage');
  await walk.getByRole('button', { name: 'Back office updated, continue' }).click();
  await expect(walk.getByLabel('Note to add')).toHaveValue('Back office updated: reference BO-1042.');
  await walk.getByRole('button', { name: 'Add this note' }).click();
  await expect(walk).toContainText('"author": "Process Console (local)"');
  await walk.getByRole('button', { name: 'Read the current step' }).click();
  await expect(walk).toContainText('"name": "Back office assessment"');
  await walk.getByRole('button', { name: 'Complete step…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  await expect(dialog.getByRole('group', { name: 'Field 1' }).getByLabel('Value')).toHaveValue('BO-1042');
  await dialog.getByRole('group', { name: 'Field 2' }).getByLabel('Value').fill(outcome);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  const expected = outcome === 'Accepted' ? 'Arrange collection' : 'Tell the customer';
  await expect(walk.getByRole('status')).toContainText(
    `took the process to ${expected} (OUTCOME = ${outcome})`,
  );
  await expect(
    page.getByRole('list', { name: 'Steps' }).getByRole('article', { name: `${expected} (current step)` }),
  ).toBeVisible();
  await shot('walk');
  return reference;
}
