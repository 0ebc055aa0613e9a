import type { Page } from '@playwright/test';
import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';

async function visit(page: Page, scheme: 'light' | 'dark', screen: string) {
  await checkAccessibility(page, `${screen} (${scheme})`);
  await page.screenshot({ path: `test/e2e/screenshots/${scheme}/${screen}.png` });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen in ${scheme}: no serious accessibility violation, and a screenshot`, async ({
    page,
    consoleApp,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(consoleApp.url);
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
    await visit(page, scheme, 'home');

    await page.getByLabel('Process id or external reference').fill('FT-000003');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /FT-000003/ })).toBeVisible();
    await page.getByRole('button', { name: 'Show REST call' }).click();
    await visit(page, scheme, 'process-steps');
    for (const tab of ['Notes', 'Documents', 'Accounts', 'Fields']) {
      await page.getByRole('tab', { name: new RegExp(tab) }).click();
      await visit(page, scheme, `process-${tab.toLowerCase()}`);
    }

    await page.getByRole('tab', { name: /Documents/ }).click();
    await page
      .getByRole('button', { name: /^Open / })
      .first()
      .click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toBeVisible();
    await visit(page, scheme, 'document-form');
    await viewer.getByRole('tab', { name: 'Tree' }).click();
    await viewer.getByRole('button', { name: 'Expand all' }).click();
    await viewer.getByLabel('Search').fill('Post');
    await visit(page, scheme, 'document-tree');
    await viewer.getByRole('tab', { name: 'Raw' }).click();
    await visit(page, scheme, 'document-raw');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: /Steps/ }).click();
    await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: 'Complete step' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete step' });
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect(
      dialog.getByText('Field id must be a GUID').or(dialog.getByText('Name is required')).first(),
    ).toBeVisible();
    await visit(page, scheme, 'complete-step-edit');
    const row = dialog.getByRole('group', { name: 'Field 1' });
    await row.getByLabel('Name').fill('Outcome');
    await row.getByLabel('Code').fill('OUTCOME');
    await row.getByLabel('Value').fill('Accepted');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await visit(page, scheme, 'complete-step-review');
    await page.keyboard.press('Escape');

    for (const [button, name] of [
      ['Start process', 'start-process'],
      ['Inbox', 'inbox'],
      ['Batches', 'batches'],
      ['Audit', 'audit'],
      ['Request log', 'request-log'],
      ['Profiles', 'profiles'],
      ['Settings', 'settings'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: button }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (name === 'request-log')
        await page.getByRole('table', { name: 'Requests' }).getByRole('button').first().click();
      await visit(page, scheme, name);
    }

    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Commands' })).toBeVisible();
    await page.keyboard.type('aud');
    await visit(page, scheme, 'command-palette');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  });
}
