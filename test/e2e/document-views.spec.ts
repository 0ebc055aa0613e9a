import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { addLargeDocument, largeDocumentName } from '../support/large-document';
import { addLongProcess, longReference } from '../support/long-process';
import { expect, test } from './fixtures';

/*
 * The document dialog's views as a user sees them (issue 15, item 11): a tree search shows its
 * match, opened and in view, as soon as it counts it; the dialog keeps its height between tabs.
 * The document is a ServiceRequest of about 200 KiB: a hundred or so records, so a match in a
 * late record is collapsed and far below the first screen when the tree opens.
 */

async function openDocument(page: Page, url: string, dataDir: string) {
  const sandbox = join(dataDir, 'sandbox');
  addLargeDocument(sandbox, addLongProcess(sandbox, 3), 200 * 1024);
  await page.goto(url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByLabel('Process id or external reference').fill(longReference);
  await page.keyboard.press('Enter');
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.getByRole('button', { name: `Open ${largeDocumentName}` }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toBeVisible({ timeout: 30_000 });
  return viewer;
}

test('a tree search opens the way to its one match and scrolls it into view', async ({
  page,
  consoleApp,
}) => {
  const viewer = await openDocument(page, consoleApp.url, consoleApp.dataDir);
  await viewer.getByRole('tab', { name: 'Tree' }).click();
  // Only the root is open at first: record 38's e-mail is inside two collapsed elements.
  await expect(viewer.getByRole('treeitem').filter({ hasText: 'sean.obrien37@example.org' })).toHaveCount(0);

  await viewer.getByLabel('Search').fill('sean.obrien37@example.org');
  await expect(viewer.getByRole('status').filter({ hasText: /of \d+ matches/ })).toContainText(
    '1 of 1 matches',
  );
  // Without pressing Next: the counted match is shown, selected, and on screen.
  const match = viewer.getByRole('treeitem', { selected: true });
  await expect(match).toContainText('sean.obrien37@example.org');
  await expect(match).toBeInViewport();
  // Its record and group were opened for it, and nothing else was.
  await expect(viewer.getByRole('button', { name: 'Collapse ContactInfo' })).toHaveCount(1);
});

test('the document dialog keeps its height when switching between its views', async ({
  page,
  consoleApp,
}) => {
  const viewer = await openDocument(page, consoleApp.url, consoleApp.dataDir);
  const heightOf = async () => (await viewer.boundingBox())!.height;
  const onForm = await heightOf();

  await viewer.getByRole('tab', { name: 'Tree' }).click();
  await expect(viewer.getByRole('tree', { name: 'Document tree' })).toBeVisible();
  expect(await heightOf()).toBe(onForm);

  await viewer.getByRole('tab', { name: 'Raw' }).click();
  await expect(viewer.getByRole('list', { name: 'Raw text' }).getByRole('listitem').first()).toContainText(
    '<ServiceRequest>',
  );
  expect(await heightOf()).toBe(onForm);

  await viewer.getByRole('tab', { name: 'Form view' }).click();
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toBeVisible();
  expect(await heightOf()).toBe(onForm);
});
