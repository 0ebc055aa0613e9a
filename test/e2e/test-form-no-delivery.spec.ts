import { expect, test } from './fixtures';

/**
 * "Submit a test form" for a form whose process has no REST API step (bulky waste starts at a
 * person's step) said "started" and the administrator waited for a delivery that never comes.
 */
test('a test form whose process posts nothing says no delivery will come', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Inbox' }).click();
  await page.getByText('Submit a test form').click();
  const form = page.getByRole('form', { name: 'Submit a test form' });

  await form.getByLabel('Form').selectOption('bulky-waste');
  await form.getByRole('button', { name: 'Submit test form' }).click();
  await expect(form.getByRole('status')).toContainText(
    'Its process has no REST API step, so no delivery comes to the inbox',
  );

  await form.getByLabel('Form').selectOption('report-fly-tipping');
  await form.getByRole('button', { name: 'Submit test form' }).click();
  await expect(form.getByRole('status')).toContainText('its REST API step posts the delivery here');
});
