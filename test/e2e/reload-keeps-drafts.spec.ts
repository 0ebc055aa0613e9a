import { expect, test } from './fixtures';
import { goToScreen, openConsole, openNotes } from './newcomer-steps';

/**
 * Issue 28: an unsent note and the batch opened survive a reload of the tab (a note holds no
 * confidential value; a completion's fields may, and stay in memory only). The token lives in the
 * tab's memory only, so a reload is let in again by the next launch URL the console printed, in
 * the same tab, with the route the tab had.
 */
test('a reload keeps an unsent note and the batch opened', async ({ page, consoleApp }) => {
  const reload = async () => {
    const route = new URL(page.url()).hash;
    await page.reload();
    await page.goto(`${consoleApp.url}${route}`);
  };
  await openConsole(page, consoleApp.url);
  const { form, box } = await openNotes(page, 'FT-000005');
  await box.fill('Half-written: waiting for the crew’s photos.');
  await form.getByLabel('Visible to linked accounts').check();

  await reload();
  await expect(page.getByRole('heading', { name: /FT-000005/ })).toBeVisible();
  await page.getByRole('tab', { name: /Notes/ }).click();
  await expect(box).toHaveValue('Half-written: waiting for the crew’s photos.');
  await expect(form.getByLabel('Visible to linked accounts')).toBeChecked();
  // Another process keeps its own (empty) box.
  await openNotes(page, 'FT-000003');
  await expect(box).toHaveValue('');

  // Once added, the draft is gone, over a reload too.
  await openNotes(page, 'FT-000005');
  await form.getByRole('button', { name: 'Review note' }).click();
  await form.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Add note' }).click();
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByRole('article').filter({ hasText: 'Half-written' }),
  ).toHaveCount(1);
  await reload();
  await page.getByRole('tab', { name: /Notes/ }).click();
  await expect(box).toHaveValue('');

  // The batch opened is open again after a reload; "All batches" leaves it, over a reload too.
  await goToScreen(page, 'Batches');
  const make = page.getByRole('form', { name: 'New batch' });
  await make.getByLabel('Process ids or external references').fill('FT-000003\nFT-000005');
  await make.getByLabel('Name (optional)').fill('Reload check');
  await make.getByRole('button', { name: 'Make batch' }).click();
  await make.getByRole('region', { name: 'Batch made' }).getByRole('button', { name: 'Open batch' }).click();
  const heading = page.getByRole('heading', { name: /Reload check/ });
  await expect(heading).toBeVisible();
  await reload();
  await expect(heading).toBeVisible();
  await expect(page.getByText('2 processes of Local sandbox')).toBeVisible();
  await page.getByRole('button', { name: '← All batches' }).click();
  await expect(make).toBeVisible();
  await reload();
  await expect(make).toBeVisible();
  await expect(heading).toHaveCount(0);
});
