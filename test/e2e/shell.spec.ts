import { test, expect } from './fixtures';

test('the browser shell opens the console, and Settings shows app.info from main', async ({
  page,
  consoleApp,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  // The launch URL gave way to the console's own address, which never carries the token.
  expect(page.url()).toBe(`${new URL(consoleApp.url).origin}/`);
  await page.getByRole('button', { name: 'Settings' }).click();
  const about = page.getByRole('region', { name: 'About this console' });
  await expect(about.getByText(consoleApp.dataDir)).toBeVisible();
  await expect(about.getByText('Browser shell')).toBeVisible();
  expect(violations).toEqual([]);
});

test('a page opened without the token is told how to get in, and gets no data', async ({
  page,
  consoleApp,
}) => {
  await page.goto(new URL(consoleApp.url).origin);
  await expect(page.getByRole('alert').first()).toContainText('URL it printed');
  await expect(page.getByText(consoleApp.dataDir)).toHaveCount(0);
});
