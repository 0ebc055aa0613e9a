import { expect, test } from './fixtures';
import { openConsole, openNotes, openReceiverSettings } from './newcomer-steps';

/** Issue 15 item 10: every message names the input in the form's words and says what to do. */

test('a timeout that is not a number is named with its range, and focus moves to it', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  await page.getByRole('button', { name: 'Profiles', exact: true }).click();
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name', { exact: true }).fill('Timeouts');
  await form.getByLabel('Base URL').fill('http://127.0.0.1:9');
  await form.getByLabel('API key name').fill('console');
  await form.getByText('Advanced').click();
  const connect = form.getByLabel('Connect timeout (ms)');
  await connect.fill('abc');
  // Collapsed again: the failed save must open it to show the problem.
  await form.getByText('Advanced').click();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    form.getByText('Connect timeout: enter a number of milliseconds between 500 and 60,000'),
  ).toBeVisible();
  await expect(connect).toBeFocused();
  await expect(form).not.toContainText('Invalid input');
});

test('a receiver cap past the safe integers is named with its range', async ({ page, consoleApp }) => {
  await openConsole(page, consoleApp.url);
  const settings = await openReceiverSettings(page);
  await settings.getByLabel('Deliveries kept').fill('99999999999999999999');
  await settings.getByRole('button', { name: 'Save receiver settings' }).click();
  await expect(
    settings.getByText('Deliveries kept: enter a number of deliveries between 1 and 1,000,000.'),
  ).toBeVisible();
  await expect(settings).not.toContainText('9007199254740991');
});

test('a long note shows a counter, a note over the limit says what to do, and focus returns to the note box', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  const { form: noteForm, box } = await openNotes(page, 'FT-000005');

  // The embedded reference service takes 10,000 characters: the count is against that.
  await box.fill('x'.repeat(9_500));
  await expect(noteForm.getByText('9,500 of 10,000 characters')).toBeVisible();
  await box.fill('x'.repeat(10_412));
  await expect(
    noteForm.getByText('Note is 10,412 characters long; shorten it to 10,000 or fewer'),
  ).toBeVisible();
  await noteForm.getByRole('button', { name: 'Review note' }).click();
  await expect(noteForm.getByRole('region', { name: 'Review' })).toHaveCount(0);
  await expect(box).toBeFocused();

  await box.fill('Written, then the box is ready for the next.');
  await noteForm.getByRole('button', { name: 'Review note' }).click();
  await noteForm.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Add note' }).click();
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByRole('article').filter({ hasText: 'Written, then' }),
  ).toHaveCount(1);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');
});
