import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * A process's confidential values are masked in its document's views as in the Fields tab (issue
 * 28, major 3): FT-000003's ServiceRequest, made from the form at submission, holds Grace Hopper's
 * NINO and DOB, which the process keeps in fields marked confidential. Every view shows the mask
 * with a Reveal; Save as says the file holds them in clear, and it does.
 */
const nino = 'QQ345678C';
const dob = '1966-12-09';
const shots = 'test/e2e/screenshots/issue-28';

async function openDocument(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByLabel('Process id or external reference').fill('FT-000003');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.getByRole('button', { name: 'Open service-request.xml' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toBeVisible();
  return viewer;
}

/** Neither value is anywhere in the page, hidden markup included. */
async function expectNeitherInPage(page: Page) {
  const html = await page.content();
  expect(html).not.toContain(nino);
  expect(html).not.toContain(dob);
}

test('a document masks its confidential values in every view and says Save as keeps them', async ({
  page,
  consoleApp,
}) => {
  const viewer = await openDocument(page, consoleApp.url);

  // Form view: the two values masked where the form shows them, the name beside them in clear.
  const client = viewer.getByRole('region', { name: 'ClientInfo' });
  await expect(client).toContainText('Hopper');
  await expect(client.getByLabel('Confidential value hidden')).toHaveCount(2);
  await expectNeitherInPage(page);
  await client.getByRole('button', { name: 'Reveal National Insurance number' }).click();
  await expect(client).toContainText(nino);
  expect(await page.content()).not.toContain(dob);
  await page.screenshot({ path: `${shots}/form-view-revealed.png` });
  await client.getByRole('button', { name: 'Hide National Insurance number' }).click();
  await expectNeitherInPage(page);
  await page.screenshot({ path: `${shots}/form-view.png` });

  // Tree: every text masked; a search for the value still finds it, and the hit shows the mask.
  await viewer.getByRole('tab', { name: 'Tree' }).click();
  await viewer.getByRole('button', { name: 'Expand all' }).click();
  await expect(viewer.getByRole('treeitem').filter({ hasText: 'Hopper' })).toHaveCount(1);
  await expect(viewer.getByRole('tree').getByLabel('Confidential value hidden')).toHaveCount(2);
  await expectNeitherInPage(page);
  const count = viewer.getByRole('status').filter({ hasText: /of \d+ matches/ });
  await viewer.getByLabel('Search').fill('Hopper');
  await expect(count).toContainText('1 of 1 matches · 28 nodes');
  await viewer.getByLabel('Search').fill(nino);
  // The count says where the match is, as its row shows only the mask.
  await expect(count).toContainText('1 of 1 matches · in a masked value · 28 nodes');
  const hit = viewer.getByRole('treeitem', { selected: true });
  await expect(hit).toContainText('NINO');
  await expect(hit.getByLabel('Confidential value hidden')).toHaveCount(1);
  // The search box holds what the user typed; the tree, hit included, holds neither value.
  const tree = await viewer.getByRole('tree').innerHTML();
  expect(tree).not.toContain(nino);
  expect(tree).not.toContain(dob);
  await page.screenshot({ path: `${shots}/tree-search.png` });
  await hit.getByRole('button', { name: 'Reveal National Insurance number' }).click();
  await expect(hit).toContainText(nino);
  await page.screenshot({ path: `${shots}/tree-search-revealed.png` });

  // Raw text: the lines masked; the revealed state is the view's own, so the tree's reveal
  // does not carry over.
  await viewer.getByRole('tab', { name: 'Raw' }).click();
  const raw = viewer.getByRole('list', { name: 'Raw text' });
  await expect(raw.getByRole('listitem').filter({ hasText: '<NINO>' })).toHaveCount(1);
  await expect(raw.getByLabel('Confidential value hidden')).toHaveCount(2);
  await expectNeitherInPage(page);
  await page.screenshot({ path: `${shots}/raw.png` });
  await raw.getByRole('button', { name: 'Reveal Date of birth' }).click();
  await expect(raw.getByRole('listitem').filter({ hasText: '<DOB>' })).toContainText(`<DOB>${dob}`);
  expect(await page.content()).not.toContain(nino);
  await page.screenshot({ path: `${shots}/raw-revealed.png` });
  await raw.getByRole('button', { name: 'Hide Date of birth' }).click();

  // Copy and Save as say, before and after, that what they give holds the values in clear.
  await expect(viewer.getByRole('button', { name: 'Save as…' })).toHaveAccessibleDescription(
    /give the document as it came.*2 confidential values \(Date of birth, National Insurance number\).*in clear/,
  );
  await expect(viewer.getByRole('button', { name: 'Copy' })).toHaveAccessibleDescription(/in clear/);
  await viewer.getByRole('button', { name: 'Save as…' }).click();
  const status = viewer.getByRole('status').filter({ hasText: 'Saved to' });
  await expect(status).toContainText(
    'The file holds the document as it came, its 2 confidential values (Date of birth, National Insurance number) in clear.',
  );
  await page.screenshot({ path: `${shots}/saved.png` });
  // And it does: the file is the document as it came.
  const path = /Saved to (.+?\.xml)\./.exec((await status.textContent())!)![1]!;
  const saved = readFileSync(path, 'utf8');
  expect(saved).toContain(`<NINO>${nino}</NINO>`);
  expect(saved).toContain(`<DOB>${dob}</DOB>`);
  await expectNeitherInPage(page);
});

/** The token the tab holds (in memory only), taken from its own bridge calls as they go out. */
const tokens = new WeakMap<Page, string>();
function watchToken(page: Page): void {
  page.on('request', (request) => {
    const bearer = request.headers().authorization;
    if (bearer?.startsWith('Bearer ')) tokens.set(page, bearer.slice(7));
  });
}

/** Calls the browser shell's bridge as the page does, with the token the tab presents. */
async function bridge<T>(page: Page, _url: string, name: string, input: unknown): Promise<T> {
  const token = tokens.get(page);
  const result = await page.evaluate(
    async ({ name, input, token }) => {
      const response = await fetch(`/bridge/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
    },
    { name, input, token },
  );
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

test('a document opened from an inbox delivery masks the values its payload masks', async ({
  page,
  consoleApp,
}) => {
  watchToken(page);
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  // A form with a NINO and a DOB, as a citizen submits it: its REST step delivers to the inbox.
  const { profiles } = await bridge<{ profiles: { id: string }[] }>(
    page,
    consoleApp.url,
    'profiles.list',
    {},
  );
  const { externalReference } = await bridge<{ externalReference: string }>(
    page,
    consoleApp.url,
    'forms.submit',
    {
      profileId: profiles[0]!.id,
      formCode: 'report-fly-tipping',
      answers: {
        FirstName: 'Katherine',
        LastName: 'Johnson',
        DOB: '1918-08-26',
        NINO: 'QQ918826K',
        RequestSpecifics: 'A fridge',
        RequestLocation: 'White Sulphur Springs',
      },
    },
  );

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Inbox' }).click();
  const row = page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ hasText: externalReference });
  await row.getByRole('button').click();
  await page.getByRole('button', { name: 'Open service-request.xml' }).click();
  const viewer = page.getByRole('dialog', { name: 'service-request.xml' });
  const client = viewer.getByRole('region', { name: 'ClientInfo' });
  await expect(client.getByRole('button', { name: 'Reveal National Insurance number' })).toBeVisible();
  await expect(client.getByRole('button', { name: 'Reveal Date of birth' })).toBeVisible();
  const html = await viewer.innerHTML();
  expect(html).not.toContain('QQ918826K');
  expect(html).not.toContain('1918-08-26');
  await page.screenshot({ path: `${shots}/inbox-form-view.png` });
  await client.getByRole('button', { name: 'Reveal National Insurance number' }).click();
  await expect(client).toContainText('QQ918826K');
});
