import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startConsole, test } from './fixtures';

/** Submits a test form on the embedded default and walks its delivery through all seven stages. */
async function rehearse(page: Page, outcome: 'Accepted' | 'Rejected', screenshot?: string) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Inbox' }).click();
  await page.getByText('Submit a test form').click();
  const form = page.getByRole('form', { name: 'Submit a test form' });
  await form.getByRole('button', { name: 'Submit test form' }).click();
  await expect(form.getByRole('status')).toContainText('started');
  const reference = /(FT-\d+)/.exec((await form.getByRole('status').textContent())!)![1]!;

  // The REST API step posted to the console's receiver; the delivery shows up live.
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  const row = deliveries.getByRole('row').filter({ hasText: reference });
  await expect(row).toBeVisible({ timeout: 2_000 });
  await row.getByRole('button').click();
  await page.getByRole('button', { name: 'Walk the pattern' }).click();

  const walk = page.getByRole('complementary', { name: 'Walk the pattern' });
  await walk.getByRole('button', { name: 'Payload read, continue' }).click();
  await walk.getByRole('button', { name: 'Open service-request.xml' }).click();
  const viewer = page.getByRole('dialog', { name: 'service-request.xml' });
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toContainText('Ada');
  await page.keyboard.press('Escape');
  await walk.getByRole('button', { name: 'Document read, continue' }).click();
  await walk.getByLabel('Back-office reference').fill('BO-1042');
  await walk.getByRole('button', { name: 'Back office updated, continue' }).click();
  await expect(walk.getByLabel('Note to add')).toHaveValue('Back office updated: reference BO-1042.');
  await walk.getByRole('button', { name: 'Add this note' }).click();
  await expect(walk).toContainText('"author": "Process Console (local)"');
  await walk.getByRole('button', { name: 'Read the current step' }).click();
  await expect(walk).toContainText('"name": "Back office assessment"');
  await walk.getByRole('button', { name: 'Complete step…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  await expect(dialog.getByRole('group', { name: 'Field 1' }).getByLabel('Value')).toHaveValue('BO-1042');
  await dialog.getByRole('group', { name: 'Field 2' }).getByLabel('Value').fill(outcome);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  const expected = outcome === 'Accepted' ? 'Arrange collection' : 'Tell the customer';
  await expect(walk.getByRole('status')).toContainText(
    `took the process to ${expected} (OUTCOME = ${outcome})`,
  );
  await expect(
    page.getByRole('list', { name: 'Steps' }).getByRole('article', { name: `${expected} (current step)` }),
  ).toBeVisible();
  if (screenshot) await page.screenshot({ path: screenshot });
  return reference;
}

test('rehearse an integration: a test form, its delivery, and the seven stages of the pattern', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();

  const accepted = await rehearse(page, 'Accepted', 'test/e2e/screenshots/walk.png');
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
