import { expect, test } from './fixtures';

/**
 * Confidential values (FT-000003's NINO and DOB in the embedded demo data) stay masked in the
 * REST call view as they do in the Fields tab, and are revealed one at a time on request.
 */
test('the REST call view masks NINO and DOB and reveals one on click', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByLabel('Process id or external reference').fill('FT-000003');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  await page
    .getByRole('list', { name: 'Steps' })
    .getByRole('button', { name: 'Show REST call' })
    .first()
    .click();
  const request = page.getByRole('region', { name: 'Request' });
  await expect(request).toContainText('"ValueAsString": "Hopper"');
  await expect(request.getByLabel('Confidential value hidden')).toHaveCount(2);
  // Neither value is anywhere in the page, hidden markup included, before a reveal.
  expect(await page.content()).not.toContain('QQ345678C');
  expect(await page.content()).not.toContain('1966-12-09');

  await request.getByRole('button', { name: 'Reveal NINO' }).click();
  await expect(request).toContainText('QQ345678C');
  expect(await page.content()).not.toContain('1966-12-09');
  await request.getByRole('button', { name: 'Hide NINO' }).click();
  expect(await page.content()).not.toContain('QQ345678C');
});
