import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';
import { expectConsoleReady, openProcess } from './newcomer-steps';
import { createProfile } from './profile-steps';

/** The page's address without its fragment, and the start token the console printed. */
function parts(url: string): { origin: string; token: string } {
  const address = new URL(url);
  return { origin: address.origin, token: new URLSearchParams(address.hash.slice(1)).get('token')! };
}

/** The profile id in the deep link the process view put in the address bar. */
function linkedProfileId(page: Page): string {
  return /#\/profiles\/([^/]+)\/processes\//.exec(page.url())![1]!;
}

const refusal = 'URL it printed';

test('a reload keeps the console and the open process; back returns to the process before', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  expect(page.url()).toMatch(/#\/profiles\/[0-9a-f-]{36}\/processes\/FT-000003$/);
  expect(page.url()).not.toContain('token');

  await page.reload();
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  await expect(page.getByText(refusal)).toHaveCount(0);

  await openProcess(page, 'FT-000005');
  await page.goBack();
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: /FT-000005/ })).toBeVisible();
});

test('a bad token gives one clear state, and pasting the printed URL recovers in the same tab', async ({
  page,
  consoleApp,
}) => {
  const { origin } = parts(consoleApp.url);
  await page.goto(`${origin}/#token=not-the-token`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(refusal);
  await expect(alert).toContainText('#token=');
  await expect(alert).toHaveCount(1);
  await expect(page.getByText('Loading profiles…')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(page.url()).not.toContain('not-the-token');
  await checkAccessibility(page, 'token refused');

  // The same document all along: the console recovers without a reload.
  await page.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));
  // The event stream, stopped while refused, opens again with the new token.
  const events = page.waitForResponse(
    (response) => response.url().endsWith('/bridge-events') && response.status() === 200,
  );
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await events;
  await expect(page.getByText(refusal)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true);
  expect(page.url()).not.toContain('token');
});

test('a tab holding a stale token, pasted the printed URL, recovers on the process it showed', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  // As after a restart of the console: the tab still holds the token of the run before.
  await page.evaluate(() => sessionStorage.setItem('process-console.token', 'from-the-run-before'));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(refusal);

  await page.goto(consoleApp.url);
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  expect(page.url()).toMatch(/#\/profiles\/[0-9a-f-]{36}\/processes\/FT-000003$/);
});

test('a deep link opened in a fresh tab with the token opens the process on its profile', async ({
  page,
  consoleApp,
  context,
}) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  const sandboxId = linkedProfileId(page);
  await createProfile(page, {
    name: 'Other tenant',
    baseUrl: 'http://127.0.0.1:9',
    environment: 'Live',
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Other key',
  });
  const switcher = page.getByRole('combobox', { name: 'Profile', exact: true });
  await switcher.selectOption({ label: 'Other tenant — LIVE' });
  const otherId = await switcher.inputValue();

  const { origin, token } = parts(consoleApp.url);
  const fresh = await context.newPage();
  await fresh.goto(`${origin}/#/profiles/${sandboxId}/processes/FT-000003?token=${token}`);
  await expect(fresh.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  await expect(fresh.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue(sandboxId);
  expect(fresh.url()).toBe(`${origin}/#/profiles/${sandboxId}/processes/FT-000003`);

  // A link landing on a live profile says so, as a profile switch does.
  await fresh.goto(`${origin}/#/profiles/${otherId}/processes/FT-000003`);
  await expect(fresh.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue(otherId);
  await expect(fresh.getByRole('status').filter({ hasText: 'LIVE tenant' })).toBeVisible();
  await checkAccessibility(fresh, 'deep link to a live profile');
  await fresh.close();
});

test('a deep link naming an unknown profile or a bad reference gives a sentence and the home screen', async ({
  page,
  consoleApp,
}) => {
  const { origin, token } = parts(consoleApp.url);
  await page.goto(`${origin}/#/profiles/${randomUUID()}/processes/FT-000003?token=${token}`);
  await expect(page.getByRole('status').filter({ hasText: 'no profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Process Console', level: 1 })).toBeVisible();

  await page.goto(`${origin}/#/profiles/${randomUUID()}/processes/%20`);
  await expect(page.getByRole('status').filter({ hasText: 'external reference is empty' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Process Console', level: 1 })).toBeVisible();
});

test('Back with a completion dialog open leaves it behind: no change dialog opens by itself on the process Back leads to', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000005');
  await openProcess(page, 'FT-000003');
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: 'Complete step' }).click();
  await expect(page.getByRole('dialog', { name: 'Complete step' })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { name: /FT-000005/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Complete step' })).toHaveCount(0);
});
