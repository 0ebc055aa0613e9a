import { startSilentServer } from '../support/silent-server';
import { expect, test } from './fixtures';
import { createProfile, lookUp, setCredentials } from './profile-steps';

test('a lookup a service never answers shows its progress, and Cancel frees the console at once', async ({
  page,
  consoleApp,
}) => {
  const silent = await startSilentServer();
  try {
    await page.goto(consoleApp.url);
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
    await createProfile(page, {
      name: 'Never answers',
      baseUrl: silent.url,
      scheme: 'Headers (X-Api-Key, X-Api-Secret)',
      keyName: 'Hang key',
    });
    await setCredentials(page, 'hang-key-5678', 'hang-secret-value');
    await page
      .getByRole('combobox', { name: 'Profile', exact: true })
      .selectOption({ label: 'Never answers' });

    await lookUp(page, 'FT-000003');
    const progress = page.getByRole('status').filter({ hasText: 'Opening FT-000003…' });
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/\d+ s/);
    await page.screenshot({ path: 'test-results/e2e/slow-read-progress.png' });
    await progress.getByRole('button', { name: 'Cancel' }).click();

    // Calm, not an alert: nothing went wrong, and Retry is one click away.
    const cancelled = page.getByRole('status').filter({ hasText: 'Cancelled.' });
    await expect(cancelled).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(cancelled.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.screenshot({ path: 'test-results/e2e/slow-read-cancelled.png' });

    // The console is usable again at once: another screen opens, and main logged the abort.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: 'Request log' })
      .click();
    await expect(page.getByRole('heading', { name: 'Request log', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'cancelled', exact: true }).first()).toBeVisible();
  } finally {
    await silent.close();
  }
});
