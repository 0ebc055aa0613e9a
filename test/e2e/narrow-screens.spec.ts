import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { box, lineCount, roundedFrame, splitWords, textLeft, windowSizes, wrappedWords } from './geometry';
import { addNote, goToScreen, openConsole, openProcess } from './newcomer-steps';

/**
 * Issue 15, the last visual defects: the inbox, the process beside the walk, the audit table and
 * the profile form, each checked where it was drawn wrong (1024x768) and where it was right (1280x800);
 * then the discovery review, the virtual tables' frame, the request detail and the walk's process.
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

test('the discovery review fits its panel at 1024, Reason in view, and paths break only after a “/”', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  await goToScreen(page, 'Profiles');
  const panel = page.getByRole('region', { name: 'API description' });
  await panel.getByRole('button', { name: "Read the tenant's API description" }).click();
  const review = panel.getByRole('region', { name: 'Review the proposal' });
  const table = review.getByRole('table', { name: 'Proposed endpoints' });
  await expect(table).toBeVisible();
  for (const size of windowSizes) {
    await page.setViewportSize(size);
    const frame = await box(review);
    const reason = await box(table.getByRole('columnheader', { name: 'Reason' }));
    expect(reason.x + reason.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(await review.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    for (const path of await table.locator('code').all()) {
      expect(await splitWords(path), await path.innerText()).toEqual([]);
    }
    // A reason is prose: it may wrap after a hyphen (x-api-key) or inside a long operation id
    // (getProcessStepsByExternalReference), never inside a short name such as {processId}.
    for (const reason of await table.locator('td:last-child').all()) {
      const split = (await wrappedWords(reason)).filter((word) => !word.includes('-') && word.length <= 16);
      expect(split, await reason.innerText()).toEqual([]);
    }
    expect(await contentOverflow(page)).toBe(0);
  }
});

test('the audit and request log tables draw their column headers inside their frame', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  await openProcess(page, 'FT-000003');
  await addNote(page, 'Checked for the tables’ frame.');
  for (const [screen, name] of [
    ['Audit', 'Audit records'],
    ['Request log', 'Requests'],
  ] as const) {
    await goToScreen(page, screen);
    const rows = page.getByRole('table', { name, exact: true }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    for (const size of windowSizes) {
      await page.setViewportSize(size);
      const frame = await roundedFrame(rows.nth(1));
      const header = await box(rows.first());
      expect(header.y, name).toBeGreaterThanOrEqual(frame.y);
      expect(header.x, name).toBeGreaterThanOrEqual(frame.x);
      expect(header.x + header.width, name).toBeLessThanOrEqual(frame.x + frame.width);
    }
  }
});

test('the request detail’s header titles start where its other titles do', async ({ page, consoleApp }) => {
  await openConsole(page, consoleApp.url);
  await openProcess(page, 'FT-000003');
  await goToScreen(page, 'Request log');
  const requests = page.getByRole('table', { name: 'Requests', exact: true });
  await requests.getByRole('row').filter({ hasText: 'FT-000003' }).getByRole('button').first().click();
  const body = page.getByRole('region', { name: 'Request body' });
  await expect(body).toBeVisible();
  for (const size of windowSizes) {
    await page.setViewportSize(size);
    const bodyInset = (await textLeft(body.getByRole('heading'))) - (await box(body)).x;
    for (const title of ['Request headers', 'Response headers']) {
      const headers = page.getByRole('table', { name: title });
      const inset = (await textLeft(headers.locator('caption'))) - (await box(headers)).x;
      expect(Math.abs(inset - bodyInset), title).toBeLessThanOrEqual(1);
    }
  }
});

test('beside the walk at 1024 the tabs take two rows at most and each step time one line', async ({
  page,
  consoleApp,
}) => {
  await page.setViewportSize(windowSizes[0]!);
  await openConsole(page, consoleApp.url);
  const reference = await submitTestForm(page);
  await page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ hasText: reference })
    .getByRole('button')
    .click();
  await page.getByRole('button', { name: 'Walk the pattern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Process details' }).getByRole('tab');
  const rows = new Set<number>();
  for (const tab of await tabs.all()) rows.add(Math.round((await box(tab)).y));
  expect(rows.size).toBeLessThanOrEqual(2);
  const times = page.getByRole('list', { name: 'Steps' }).getByText(/^(Started|Completed|Duration) /);
  await expect(times.first()).toBeVisible();
  for (const time of await times.all()) {
    expect(await lineCount(time), await time.innerText()).toBe(1);
    const step = await box(time.locator('xpath=ancestor::article'));
    const drawn = await box(time);
    expect(drawn.x + drawn.width, await time.innerText()).toBeLessThanOrEqual(step.x + step.width);
  }
});
