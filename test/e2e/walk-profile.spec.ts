import { expect, test } from './fixtures';
import { createProfile } from './profile-steps';

test('a walk belongs to its delivery’s tenant: switching profile leaves it for the inbox', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();

  // A second profile to switch to; saving it keeps the embedded default selected.
  await createProfile(page, {
    name: 'Other tenant',
    baseUrl: 'http://127.0.0.1:9',
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Other key',
  });
  const switcher = page.getByRole('combobox', { name: 'Profile', exact: true });
  await switcher.selectOption({ label: 'Local sandbox' });

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Inbox' }).click();
  await page.getByText('Submit a test form').click();
  const testForm = page.getByRole('form', { name: 'Submit a test form' });
  await testForm.getByRole('button', { name: 'Submit test form' }).click();
  await expect(testForm.getByRole('status')).toContainText('started');
  const reference = /(FT-\d+)/.exec((await testForm.getByRole('status').textContent())!)![1]!;
  await page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ hasText: reference })
    .getByRole('button')
    .click();
  await page.getByRole('button', { name: 'Walk the pattern' }).click();
  const walk = page.getByRole('complementary', { name: 'Walk the pattern' });
  await expect(walk.getByRole('button', { name: 'Payload read, continue' })).toBeVisible();

  await switcher.selectOption({ label: 'Other tenant' });
  await expect(walk).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
});
