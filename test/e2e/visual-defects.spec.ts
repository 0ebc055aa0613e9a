import { expect, test } from './fixtures';
import { box, windowSizes as sizes } from './geometry';
import { expectConsoleReady, openProcess } from './newcomer-steps';

/** Issue 15 item 11: visual defects, each checked by where things are drawn. */

test('a tree row draws a gap between a tag and its value', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000005');
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await viewer.getByRole('tab', { name: 'Tree' }).click();
  await viewer.getByRole('button', { name: 'Expand all' }).click();
  const tree = viewer.getByRole('tree', { name: 'Document tree' });
  const row = tree
    .getByRole('treeitem')
    .filter({ has: page.locator('.tree-text') })
    .first();
  await expect(row).toBeVisible();
  const name = await row.locator('.tree-name').boundingBox();
  const value = await row.locator('.tree-text').boundingBox();
  expect(value!.x - (name!.x + name!.width)).toBeGreaterThanOrEqual(4);
});

test('a REST call’s response stays inside its step, at both window sizes', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  await page.getByRole('button', { name: 'Show REST call' }).first().click();
  const step = page.getByRole('list', { name: 'Steps' }).getByRole('article').first();
  for (const size of sizes) {
    await page.setViewportSize(size);
    const card = await box(step);
    const response = await box(step.getByRole('region', { name: 'Response' }));
    expect(response.x + response.width).toBeLessThanOrEqual(card.x + card.width);
  }
});

test('the Fields table draws each value’s border on its row’s border', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  await page.getByRole('tab', { name: /Fields/ }).click();
  const rows = page.getByRole('table').getByRole('row');
  for (const index of [1, 2, 3, 4]) {
    const cells = rows.nth(index).getByRole('cell');
    const name = await box(cells.nth(0));
    const value = await box(cells.nth(2));
    expect(Math.abs(value.y - name.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(value.y + value.height - (name.y + name.height))).toBeLessThanOrEqual(1);
  }
});

test('a GUID takes two lines at most at 1024 px, and stays whole to copy', async ({ page, consoleApp }) => {
  await page.setViewportSize(sizes[0]!);
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  await page.getByRole('tab', { name: /Fields/ }).click();
  const fieldId = page.getByRole('table').getByRole('row').nth(1).getByRole('cell').last().locator('code');
  const lineHeight = await fieldId.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  expect((await box(fieldId)).height).toBeLessThanOrEqual(2 * lineHeight + 1);
  // Two lines, and not by pushing the table past the screen's edge.
  const table = await box(page.getByRole('table'));
  const panel = await box(page.getByRole('tabpanel'));
  expect(table.x + table.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
  expect(await fieldId.textContent()).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  );
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/fields-1024.png' });
});

test('the walk brings each new stage into view and shows its last result whole', async ({
  page,
  consoleApp,
}) => {
  await page.setViewportSize(sizes[0]!);
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
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
  const current = walk.locator('[aria-current="step"]');
  const inView = async () => {
    const panel = await box(walk);
    const stage = await box(current.getByRole('heading'));
    expect(stage.y).toBeGreaterThanOrEqual(panel.y);
    expect(stage.y + stage.height).toBeLessThanOrEqual(panel.y + panel.height);
  };
  await walk.getByRole('button', { name: 'Payload read, continue' }).click();
  await walk.getByRole('button', { name: 'Open service-request.xml' }).click();
  await expect(page.getByRole('dialog', { name: 'service-request.xml' })).toBeVisible();
  await page.keyboard.press('Escape');
  await walk.getByRole('button', { name: 'Document read, continue' }).click();
  await walk.getByLabel('Back-office reference').fill('BO-1042');
  await walk.getByRole('button', { name: 'Back office updated, continue' }).click();
  await walk.getByRole('button', { name: 'Add this note' }).click();
  await expect(walk).toContainText('"author": "Process Console (local)"');
  await expect(current.getByRole('heading')).toContainText('Read the current step');
  await expect.poll(inView).toBeUndefined();
  await walk.getByRole('button', { name: 'Read the current step' }).click();
  await expect(walk).toContainText('"name": "Back office assessment"');
  await walk.getByRole('button', { name: 'Complete step…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  await dialog.getByRole('group', { name: 'Field 2' }).getByLabel('Value').fill('Accepted');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  const outcome = walk.getByRole('status');
  await expect(outcome).toContainText('took the process to Arrange collection');
  await expect
    .poll(async () => {
      const panel = await box(walk);
      const last = await box(outcome);
      return last.y >= panel.y && last.y + last.height <= Math.min(panel.y + panel.height, sizes[0]!.height);
    })
    .toBe(true);
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/walk-done-1024.png' });
});

test('the start form says “Name is required” only after a Review, under Name', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Start process' })
    .click();
  const form = page.getByRole('form', { name: 'Start a process' });
  // A Review with no type yet, then a new row: the row has not been typed in, so nothing is wrong with it yet.
  await form.getByRole('button', { name: 'Review', exact: true }).click();
  await form.getByRole('button', { name: 'Add field' }).click();
  const field = form.getByRole('group', { name: 'Field 1' });
  await expect(field.getByLabel('Name')).toBeVisible();
  await expect(form.getByText('Name is required')).toHaveCount(0);

  await form.getByRole('button', { name: 'Review', exact: true }).click();
  const message = await box(field.getByText('Name is required'));
  const name = await box(field.getByLabel('Name'));
  expect(message.x).toBeGreaterThanOrEqual(name.x - 1);
  expect(message.x + message.width).toBeLessThanOrEqual(name.x + name.width + 1);
  expect(message.y).toBeGreaterThan(name.y);
  // Remove is a button of its own size, not a bar across the Code column.
  const remove = await box(field.getByRole('button', { name: 'Remove' }));
  const code = await box(field.getByLabel('Code'));
  expect(remove.width).toBeLessThan(code.width / 2);
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/start-field-error.png' });
});

test('the Documents table’s last header names its column', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  await page.getByRole('tab', { name: /Documents/ }).click();
  await expect(page.getByRole('table').getByRole('columnheader').last()).toHaveAccessibleName('Actions');
});

test('a blank lookup replaces the last lookup’s error with its own', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  const lookup = page.getByLabel('Process id or external reference');
  await lookup.fill('NOPE-1');
  await lookup.press('Enter');
  await expect(page.getByText(/no process with external reference NOPE-1/)).toBeVisible();
  await lookup.fill('');
  await lookup.press('Enter');
  await expect(page.getByText(/The external reference is empty/)).toBeVisible();
  await expect(page.getByText(/NOPE-1/)).toHaveCount(0);
});

test('a 5,000-character lookup wraps its message instead of widening the page', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  const lookup = page.getByLabel('Process id or external reference');
  await lookup.fill('x'.repeat(5000));
  await lookup.press('Enter');
  await expect(page.getByText(/shorten it to 200 or fewer/)).toBeVisible();
  for (const size of sizes) {
    await page.setViewportSize(size);
    const widths = await page.evaluate(() => {
      const root = document.scrollingElement!;
      const content = document.querySelector('.content')!;
      return [root.scrollWidth - root.clientWidth, content.scrollWidth - content.clientWidth];
    });
    expect(widths).toEqual([0, 0]);
  }
});

test('the request log’s times stay on one line', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Request log' })
    .click();
  const time = page.getByRole('table', { name: 'Requests' }).getByRole('row').nth(1).getByRole('button');
  for (const size of sizes) {
    await page.setViewportSize(size);
    const lineHeight = await time.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await box(time)).height).toBeLessThan(2 * lineHeight);
  }
});

test('the page has a favicon, served as SVG', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expectConsoleReady(page);
  const href = await page.locator('link[rel="icon"]').evaluate((link) => (link as HTMLLinkElement).href);
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/svg+xml');
  // Its name carries no hash, so a changed icon must not hide behind a year-long cache.
  expect(response.headers()['cache-control']).toBe('no-cache');
});
