import { expect, test } from './fixtures';
import { openConsole, openNotes } from './newcomer-steps';

/**
 * Issue 28, notes: the limit the profile's tenant takes is shown while typing and a note over it
 * is refused before review (the reference service takes 10,000 characters and answers 400 past
 * them).
 */
test('a note shows its length against the reference service’s 10,000 and is refused before review past it', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  const { form, box } = await openNotes(page, 'FT-000005');
  await box.fill('Crew booked for Tuesday.');
  await expect(form).toContainText('24 of 10,000 characters');

  await box.fill('x'.repeat(10_001));
  const alert = form.getByRole('alert');
  await expect(alert).toContainText('10,001 characters long; shorten it to 10,000 or fewer');
  await expect(alert).toContainText('the reference service takes no more');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test/e2e/screenshots/issue-28/note-over-limit.png' });
  await form.getByRole('button', { name: 'Review note' }).click();
  await expect(form.getByRole('region', { name: 'Review' })).toHaveCount(0);
  await expect(box).toBeFocused();

  // At the limit the service takes it: no 400 after send.
  await box.fill('y'.repeat(10_000));
  await expect(form).toContainText('10,000 of 10,000 characters');
  await form.getByRole('button', { name: 'Review note' }).click();
  await form.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Add note' }).click();
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByRole('article').filter({ hasText: 'yyyy' }),
  ).toHaveCount(1);
  await expect(box).toHaveValue('');
});
