import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';
import { expectConsoleReady, openProcess } from './newcomer-steps';
import { createProfile } from './profile-steps';

/** The console's origin, from the launch URL it printed. */
function originOf(url: string): string {
  return new URL(url).origin;
}

/** The profile id in the deep link the process view put in the address bar. */
function linkedProfileId(page: Page): string {
  return /#\/profiles\/([^/]+)\/processes\//.exec(page.url())![1]!;
}

const refusal = 'URL it printed';

test('a reload asks for the next launch URL, which reopens the process with its route; back returns to the process before', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  expect(page.url()).toMatch(/#\/profiles\/[0-9a-f-]{36}\/processes\/FT-000003$/);
  expect(page.url()).not.toContain('token');
  const route = new URL(page.url()).hash;

  // The token was in the tab's memory only: a reload is let in again by the next launch URL.
  await page.reload();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(refusal);
  await expect(alert).toContainText(route);
  await page.goto(`${consoleApp.url}${route}`);
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  await expect(page.getByText(refusal)).toHaveCount(0);

  await openProcess(page, 'FT-000005');
  await page.goBack();
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: /FT-000005/ })).toBeVisible();
});

test('a used or made-up launch URL gives one clear state, and the next printed URL recovers in the same tab', async ({
  page,
  consoleApp,
}) => {
  const origin = originOf(consoleApp.url);
  await page.goto(`${origin}/launch/not-a-code`);
  expect(page.url()).toBe(`${origin}/`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(refusal);
  await expect(alert).toContainText('/launch/');
  await expect(alert).toHaveCount(1);
  await expect(page.getByText('Loading profiles…')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await checkAccessibility(page, 'token missing');

  // The event stream, stopped while refused, opens with the token the launch gave.
  const events = page.waitForResponse(
    (response) => response.url().endsWith('/bridge-events') && response.status() === 200,
  );
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await events;
  await expect(page.getByText(refusal)).toHaveCount(0);
  expect(page.url()).toBe(`${origin}/`);
});

test('a deep link opened in a fresh tab after a launch URL opens the process on its profile', async ({
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

  const origin = originOf(consoleApp.url);
  const fresh = await context.newPage();
  await fresh.goto(`${consoleApp.url}#/profiles/${sandboxId}/processes/FT-000003`);
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
  const origin = originOf(consoleApp.url);
  await page.goto(`${consoleApp.url}#/profiles/${randomUUID()}/processes/FT-000003`);
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
