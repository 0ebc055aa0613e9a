import { join } from 'node:path';
import { addLongProcess, longReference } from '../support/long-process';
import { expect, test } from './fixtures';

test('a process with 10,000 steps and 10,000 notes renders a window of rows and scrolls to the end', async ({
  page,
  consoleApp,
}) => {
  addLongProcess(join(consoleApp.dataDir, 'sandbox'));
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByLabel('Process id or external reference').fill(longReference);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /Steps/ })).toContainText('10000');

  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem').first()).toContainText('Review round 1');
  // Only the rows in view (plus a few) are in the page, not 10,000.
  expect(await steps.getByRole('listitem').count()).toBeLessThan(60);
  await page
    .getByTestId('Steps scroller')
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(steps.getByRole('article', { name: 'Back office assessment (current step)' })).toBeVisible();
  expect(await steps.getByRole('listitem').count()).toBeLessThan(60);

  await page.getByRole('tab', { name: /Notes/ }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByRole('listitem').first()).toContainText('Note 10000');
  await page
    .getByTestId('Notes scroller')
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(notes.getByText('Note 1: checked round 1.')).toBeVisible();
  expect(await notes.getByRole('listitem').count()).toBeLessThan(60);
});
