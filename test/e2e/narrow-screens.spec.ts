import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { box, lineCount, splitWords, textLeft, windowSizes } from './geometry';
import { addNote, goToScreen, openConsole, openProcess } from './newcomer-steps';

/**
 * Issue 15, the last visual defects: the inbox, the process beside the walk, the audit table and
 * the profile form, each checked where it was drawn wrong (1024x768) and where it was right (1280x800).
 */

/** Submits the inbox's test form and waits for its delivery: what the inbox and the walk show. */
async function submitTestForm(page: Page): Promise<string> {
  await goToScreen(page, 'Inbox');
  await page.getByText('Submit a test form').click();
  const form = page.getByRole('form', { name: 'Submit a test form' });
  await form.getByRole('button', { name: 'Submit test form' }).click();
  await expect(form.getByRole('status')).toContainText('started');
  const reference = /(FT-\d+)/.exec((await form.getByRole('status').textContent())!)![1]!;
  await expect(
    page.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: reference }),
  ).toBeVisible();
  return reference;
}

/** How far the console's content scrolls sideways (0: nothing is cut off at the right). */
function contentOverflow(page: Page) {
  return page.evaluate(() => {
    const content = document.querySelector('.content')!;
    return content.scrollWidth - content.clientWidth;
  });
}

test('the inbox’s test form keeps its fields inside its panel, and a received time takes one line', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  const reference = await submitTestForm(page);
  const form = page.getByRole('form', { name: 'Submit a test form' });
  const panel = page.locator('details', { has: form });
  const time = page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ hasText: reference })
    .getByRole('button');
  for (const size of windowSizes) {
    await page.setViewportSize(size);
    const edge = await box(panel);
    for (const input of await form.getByRole('textbox').all()) {
      const field = await box(input);
      expect(field.x + field.width, await input.inputValue()).toBeLessThanOrEqual(edge.x + edge.width - 8);
    }
    expect(await lineCount(time)).toBe(1);
    expect(await contentOverflow(page)).toBe(0);
  }
});

test('the process beside the walk shows its status and every tab whole', async ({ page, consoleApp }) => {
  await openConsole(page, consoleApp.url);
  const reference = await submitTestForm(page);
  await page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ hasText: reference })
    .getByRole('button')
    .click();
  await page.getByRole('button', { name: 'Walk the pattern' }).click();
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(reference) });
  await expect(heading).toBeVisible();
  const status = heading.getByText('In progress', { exact: true });
  const tabs = page.getByRole('tablist', { name: 'Process details' });
  for (const size of windowSizes) {
    await page.setViewportSize(size);
    const header = await box(page.locator('header', { has: heading }));
    expect(await splitWords(heading)).toEqual([]);
    const pill = await box(status);
    expect(await lineCount(status)).toBe(1);
    expect(pill.x + pill.width).toBeLessThanOrEqual(header.x + header.width);
    for (const tab of await tabs.getByRole('tab').all()) {
      const drawn = await box(tab);
      expect(drawn.x + drawn.width, await tab.innerText()).toBeLessThanOrEqual(header.x + header.width + 1);
    }
    expect(await contentOverflow(page)).toBe(0);
  }
});

test('the audit table keeps times on one line, aligned, and breaks names between words only', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  await openProcess(page, 'FT-000003');
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: 'Complete step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  await dialog.getByRole('button', { name: 'Add field' }).click();
  const row = dialog.getByRole('group', { name: 'Field 1' });
  await row.getByLabel('Name').fill('Outcome');
  await row.getByLabel('Code').fill('OUTCOME');
  await row.getByLabel('Value').fill('Accepted');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await addNote(page, 'Checked for the audit table.');
  await goToScreen(page, 'Audit');
  const table = page.getByRole('table', { name: 'Audit records' });
  const completed = table.getByRole('row').filter({ hasText: 'Complete step' });
  await expect(completed).toContainText('Back office assessment');
  const headers = table.getByRole('columnheader');
  for (const size of windowSizes) {
    await page.setViewportSize(size);
    // Each column starts where its header does.
    const firstCells = table.getByRole('row').nth(1).getByRole('cell');
    for (let column = 0; column < (await headers.count()); column++) {
      const header = await box(headers.nth(column));
      expect(Math.abs((await box(firstCells.nth(column))).x - header.x)).toBeLessThanOrEqual(1);
    }
    for (const record of (await table.getByRole('row').all()).slice(1)) {
      const cells = record.getByRole('cell');
      const time = cells.first().getByRole('button');
      // The time starts where the cell's text starts, as the action beside it does.
      const timeInset = (await textLeft(time)) - (await box(cells.first())).x;
      const actionInset = (await textLeft(cells.nth(1))) - (await box(cells.nth(1))).x;
      expect(Math.abs(timeInset - actionInset)).toBeLessThanOrEqual(1);
      expect(await lineCount(time)).toBe(1);
      for (const cell of await cells.all()) expect(await splitWords(cell)).toEqual([]);
    }
  }
});

test('the mapping check’s label keeps a gap below the button above it', async ({ page, consoleApp }) => {
  await openConsole(page, consoleApp.url);
  await goToScreen(page, 'Profiles');
  const panel = page.getByRole('region', { name: 'API description' });
  const read = panel.getByRole('button', { name: "Read the tenant's API description" });
  const label = panel.getByText('External reference of a process to read');
  for (const size of windowSizes) {
    await page.setViewportSize(size);
    const above = await box(read);
    expect((await box(label)).y - (above.y + above.height)).toBeGreaterThanOrEqual(8);
  }
});
