import { test, expect } from './fixtures';

test('the browser shell opens the console and shows app.info from main', async ({ page, consoleApp }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(consoleApp.url);
  const info = page.getByRole('definition').filter({ hasText: consoleApp.dataDir });
  await expect(info).toBeVisible();
  await expect(page.getByText('Browser shell')).toBeVisible();
  // The token leaves the address bar as soon as the page has read it.
  expect(page.url()).not.toContain('token=');
  await page.screenshot({ path: 'test/e2e/screenshots/shell-app-info.png' });
  expect(violations).toEqual([]);
});

test('a page opened without the token is told how to get in, and gets no data', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url.replace(/#token=.*/, ''));
  await expect(page.getByRole('alert')).toContainText('URL it printed');
  await expect(page.getByText(consoleApp.dataDir)).toHaveCount(0);
});
