import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, startConsole, test } from './fixtures';
import { rehearse } from './walk-steps';

test('rehearse an integration: a test form, its delivery, and the seven stages of the pattern', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();

  const accepted = await rehearse(page, 'Accepted', async (name) => {
    if (name === 'walk') await page.screenshot({ path: 'test/e2e/screenshots/walk.png' });
  });
  const rejected = await rehearse(page, 'Rejected');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Inbox' }).click();
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  for (const reference of [accepted, rejected]) {
    await expect(deliveries.getByRole('row').filter({ hasText: reference })).toContainText('handled');
  }

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Audit' }).click();
  const audit = page.getByRole('table', { name: 'Audit records' });
  for (const reference of [accepted, rejected]) {
    await expect(
      audit.getByRole('row').filter({ hasText: reference }).filter({ hasText: 'Add note' }),
    ).toHaveCount(1);
    await expect(
      audit.getByRole('row').filter({ hasText: reference }).filter({ hasText: 'Complete step' }),
    ).toHaveCount(1);
  }
});

test('the walk keeps its progress across a restart of the console', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'process-console-e2e-restart-'));
  let { console: first, child } = await startConsole(dataDir);
  await page.goto(first.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Inbox' }).click();
  await page.getByText('Submit a test form').click();
  const form = page.getByRole('form', { name: 'Submit a test form' });
  await form.getByRole('button', { name: 'Submit test form' }).click();
  await expect(form.getByRole('status')).toContainText('started');
  const reference = /(FT-\d+)/.exec((await form.getByRole('status').textContent())!)![1]!;
  // Other deliveries may arrive too (the service's start-up sweep): pick this one by reference.
  const ours = () =>
    page.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: reference });
  await ours().getByRole('button').click();
  await page.getByRole('button', { name: 'Walk the pattern' }).click();
  const walk = page.getByRole('complementary', { name: 'Walk the pattern' });
  await walk.getByRole('button', { name: 'Payload read, continue' }).click();
  await expect(walk.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'step');

  // Stop the console as a user would (SIGTERM), start it again on the same data folder.
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  ({ console: first, child } = await startConsole(dataDir));
  try {
    await page.goto('about:blank');
    await page.goto(first.url);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Inbox' }).click();
    await ours().getByRole('button').click();
    await page.getByRole('button', { name: 'Walk the pattern' }).click();
    await expect(walk.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(walk.getByRole('listitem').nth(0)).toContainText('(done)');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
