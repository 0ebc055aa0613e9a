import { expect, test } from './fixtures';
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
