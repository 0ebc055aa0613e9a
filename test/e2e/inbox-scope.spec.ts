import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server';
import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';
import { createProfile } from './profile-steps';

/** A second reference service for the live profile: the walk must never ask it anything. */
let second: RunningSandbox;

test.beforeAll(async () => {
  second = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-inbox-scope-')), port: 0 });
});

test.afterAll(async () => {
  await second?.close();
});

test('the inbox lists the active profile’s deliveries, and a walk runs only on its own profile', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  const screens = page.getByRole('navigation', { name: 'Screens' });

  // A delivery on the embedded default's sandbox profile.
  await screens.getByRole('button', { name: 'Inbox' }).click();
  await page.getByText('Submit a test form').click();
  const testForm = page.getByRole('form', { name: 'Submit a test form' });
  await testForm.getByRole('button', { name: 'Submit test form' }).click();
  await expect(testForm.getByRole('status')).toContainText('started');
  const reference = /(FT-\d+)/.exec((await testForm.getByRole('status').textContent())!)![1]!;
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  await expect(deliveries.getByRole('row').filter({ hasText: reference })).toBeVisible();

  // A second, live profile, made active.
  await createProfile(page, {
    name: 'Live tenant',
    baseUrl: second.url,
    environment: 'Live',
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Second service key',
  });
  await page
    .getByRole('combobox', { name: 'Profile', exact: true })
    .selectOption({ label: 'Live tenant — LIVE' });
  await expect(page.getByRole('note')).toContainText('LIVE tenant: Live tenant');

  // Every bridge call from here until the switch back: none may read a process on the live tenant.
  const calls: string[] = [];
  const record = (request: { url: () => string }) => {
    const match = /^\/bridge\/([^/?]+)$/.exec(new URL(request.url()).pathname);
    if (match) calls.push(decodeURIComponent(match[1]!));
  };
  page.on('request', record);

  // Not listed by default: the inbox shows the live profile's deliveries, of which there are none.
  await screens.getByRole('button', { name: 'Inbox' }).click();
  await expect(page.getByText('No deliveries for this profile yet.')).toBeVisible();
  await expect(deliveries.getByRole('row').filter({ hasText: reference })).toHaveCount(0);

  // "All profiles" lists it, with the profile it came to.
  await page
    .getByRole('group', { name: 'Show deliveries of' })
    .getByRole('button', { name: 'All profiles' })
    .click();
  const row = deliveries.getByRole('row').filter({ hasText: reference });
  await expect(row).toBeVisible();
  await expect(deliveries.getByRole('columnheader', { name: 'Profile' })).toBeVisible();
  await expect(row.getByRole('cell').last()).toHaveText('Local sandbox');
  await row.getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText(
    'This delivery came to the profile Local sandbox',
  );
  await expect(page.getByRole('button', { name: 'Open process' })).toBeDisabled();
  await checkAccessibility(page, 'inbox-all-profiles');
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/inbox-all-profiles.png' });

  // The walk is refused on the live profile, with the offer to switch to the delivery's own.
  await page.getByRole('button', { name: 'Walk the pattern' }).click();
  const offer = page
    .getByRole('status')
    .filter({ hasText: 'This delivery came to the profile Local sandbox' });
  await expect(offer).toContainText('The walk runs only there; the profile Live tenant is active now.');
  await expect(page.getByRole('complementary', { name: 'Walk the pattern' })).toHaveCount(0);
  await checkAccessibility(page, 'walk-refused');
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/walk-refused.png' });
  page.off('request', record);
  expect(calls.filter((name) => /^(processes|steps|notes|documents)\./.test(name))).toEqual([]);

  // Switching takes the user to the walk on the delivery's profile.
  await offer.getByRole('button', { name: 'Switch to Local sandbox' }).click();
  await expect(page.getByRole('note')).toHaveCount(0);
  const walk = page.getByRole('complementary', { name: 'Walk the pattern' });
  await expect(walk.getByRole('button', { name: 'Payload read, continue' })).toBeVisible();
});
