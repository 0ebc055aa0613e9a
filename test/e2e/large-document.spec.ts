import { join } from 'node:path';
import { addLargeDocument, largeDocumentName } from '../support/large-document';
import { addLongProcess, longReference } from '../support/long-process';
import { expect, test } from './fixtures';

test('a 10 MiB document opens on its form view and its raw text scrolls to the last line', async ({
  page,
  consoleApp,
}) => {
  const sandbox = join(consoleApp.dataDir, 'sandbox');
  const xml = addLargeDocument(sandbox, addLongProcess(sandbox, 3), 10 * 1024 * 1024);
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByLabel('Process id or external reference').fill(longReference);
  await page.keyboard.press('Enter');
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.getByRole('button', { name: `Open ${largeDocumentName}` }).click();

  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toBeVisible({ timeout: 30_000 });
  await expect(viewer.getByText(/holds \d+ Request records; the form view shows the first/)).toBeVisible();

  await viewer.getByRole('tab', { name: 'Raw' }).click();
  const raw = viewer.getByRole('list', { name: 'Raw text' });
  await expect(raw.getByRole('listitem').first()).toContainText('<ServiceRequest>');
  await viewer
    .getByTestId('Raw text scroller')
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const lastLine = raw.getByRole('listitem').last();
  await expect(lastLine).toContainText('</ServiceRequest>');
  await expect(lastLine).toHaveAttribute('aria-busy', 'false');
  // Only the lines in view are in the page, not the document's hundreds of thousands.
  expect(await raw.getByRole('listitem').count()).toBeLessThan(120);

  await viewer.getByRole('tab', { name: 'Tree' }).click();
  await viewer.getByLabel('Search').fill('PostCode');
  await expect(viewer.getByRole('status').filter({ hasText: /of \d+ matches/ })).toContainText(
    `of ${xml.split('<PostCode>').length - 1} matches`,
  );
  await viewer.getByRole('button', { name: 'Next match' }).click();
  await expect(viewer.getByRole('treeitem', { selected: true })).toContainText('PostCode');
});
