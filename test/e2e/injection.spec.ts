import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { expect, test } from './fixtures';

const payloads = ['<img src=x onerror=alert(1)>', '<script>alert(2)</script>'];

/** The embedded reference service's address, from the profile the console made at first start. */
function embeddedUrl(dataDir: string): string {
  const file = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as {
    profiles: { baseUrl: string }[];
  };
  return file.profiles[0]!.baseUrl;
}

test('markup in a note, a field value and an XML text node renders as text and runs nothing', async ({
  page,
  consoleApp,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  const submitted = await request(`${embeddedUrl(consoleApp.dataDir)}/forms/report-fly-tipping/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      answers: { FirstName: payloads[0], RequestSpecifics: payloads[1], PostCode: 'M1 1AA' },
    }),
  });
  expect(submitted.statusCode).toBe(201);
  const { externalReference } = (await submitted.body.json()) as { externalReference: string };

  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByLabel('Process id or external reference').fill(externalReference);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(externalReference) })).toBeVisible();

  await page.getByRole('tab', { name: /Notes/ }).click();
  await page.getByLabel('Note', { exact: true }).fill(payloads.join(' '));
  await page.getByRole('button', { name: 'Review note' }).click();
  await page.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText(payloads[0]!);

  await page.getByRole('tab', { name: /Fields/ }).click();
  await expect(page.getByRole('table')).toContainText(payloads[0]!);

  await page.getByRole('tab', { name: /Documents/ }).click();
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toContainText(payloads[0]!);
  await viewer.getByRole('tab', { name: 'Tree' }).click();
  await viewer.getByRole('button', { name: 'Expand all' }).click();
  await expect(viewer.getByRole('tree')).toContainText(payloads[1]!);
  await viewer.getByRole('tab', { name: 'Raw' }).click();
  await expect(viewer.getByRole('list', { name: 'Raw text' })).toContainText(
    '<FirstName>&lt;img src=x onerror=alert(1)&gt;</FirstName>',
  );

  // Nothing was parsed as markup: no image element, no script, no dialog, no CSP report.
  expect(await page.locator('main img, dialog img').count()).toBe(0);
  expect(await page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});
