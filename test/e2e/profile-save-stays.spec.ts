import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';
import { createProfile } from './profile-steps';

test('saving a new live profile stays on the current one, says where the new one is, and offers the switch', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Profile', exact: true });
  await createProfile(page, {
    name: 'Live tenant',
    baseUrl: 'https://tenant.example.com',
    environment: 'Live',
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Live key',
  });

  // Still on the embedded default: no live banner, the switcher unchanged.
  await expect(switcher.locator('option:checked')).toHaveText('Local sandbox');
  await expect(page.getByRole('note')).toHaveCount(0);
  const offer = page.getByRole('status').filter({ hasText: 'Saved the profile Live tenant' });
  await expect(offer).toContainText('The console still uses Local sandbox.');
  await expect(offer).toContainText('Live tenant is a LIVE tenant');
  await checkAccessibility(page, 'profile-saved');
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/profile-saved.png' });

  await offer.getByRole('button', { name: 'Switch to Live tenant' }).click();
  await expect(switcher.locator('option:checked')).toHaveText('Live tenant — LIVE');
  await expect(page.getByRole('note')).toContainText('LIVE tenant: Live tenant');
  await expect(offer).toHaveCount(0);
});
