import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { startSandbox } from '../../src-sandbox/server';
import { addNote, expectConsoleReady, openProcess } from './newcomer-steps';
import { activateLiveProfile, lookUp } from './profile-steps';
import { rehearse } from './walk-steps';

/** What a screen group gets: the page (console ready on "Local sandbox"), and `visit` to check and keep a screen. */
export interface ScreenVisit {
  page: Page;
  /** The console's last launch URL, for a group that opens it afresh. */
  url: string;
  /** Runs axe on what is on screen and saves `<scheme>-<width>/<screen>.png`. */
  visit: (screen: string) => Promise<void>;
  /** Starts another console for this group (stopped after it), e.g. one without a keychain. */
  startOther: (env: NodeJS.ProcessEnv) => Promise<string>;
}

/** One group of screens reached by one short path; `ready: false` opens on its own address. */
export interface ScreenGroup {
  name: string;
  ready?: boolean;
  steps: (screens: ScreenVisit) => Promise<void>;
}

function screenButton(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name });
}

/**
 * Every screen of the console, grouped by the path that reaches it. A new screen is one more entry
 * here; the spec runs each entry in every scheme and size.
 */
export const screenGroups: ScreenGroup[] = [
  {
    name: 'home and lookup',
    steps: async ({ page, visit }) => {
      await visit('home');
      await lookUp(page, 'FT-999999');
      await expect(page.getByRole('alert')).toBeVisible();
      await visit('lookup-not-found');
    },
  },
  {
    name: 'process tabs and REST call',
    steps: async ({ page, visit }) => {
      await openProcess(page, 'FT-000003');
      await visit('process-view');
      await page.getByRole('button', { name: 'Show REST call' }).click();
      await visit('process-rest-call');
      for (const tab of ['Notes', 'Documents', 'Accounts', 'Fields', 'Audit']) {
        await page.getByRole('tab', { name: new RegExp(tab) }).click();
        await visit(`process-${tab.toLowerCase()}`);
      }
    },
  },
  {
    name: 'document viewer',
    steps: async ({ page, visit }) => {
      await openProcess(page, 'FT-000003');
      await page.getByRole('tab', { name: /Documents/ }).click();
      await page
        .getByRole('button', { name: /^Open / })
        .first()
        .click();
      const viewer = page.getByRole('dialog');
      await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toBeVisible();
      await visit('document-form');
      await viewer.getByRole('tab', { name: 'Tree' }).click();
      await viewer.getByRole('button', { name: 'Expand all' }).click();
      await viewer.getByLabel('Search').fill('Post');
      await visit('document-tree');
      await viewer.getByRole('tab', { name: 'Raw' }).click();
      await visit('document-raw');
    },
  },
  {
    name: 'complete step',
    steps: async ({ page, visit }) => {
      await openProcess(page, 'FT-000003');
      await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: 'Complete step' }).click();
      const dialog = page.getByRole('dialog', { name: 'Complete step' });
      await dialog.getByRole('button', { name: 'Add field' }).click();
      await dialog.getByRole('button', { name: 'Review' }).click();
      await expect(dialog.getByText('Name is required').first()).toBeVisible();
      await visit('complete-step-edit');
      const row = dialog.getByRole('group', { name: 'Field 1' });
      await row.getByLabel('Name').fill('Outcome');
      await row.getByLabel('Code').fill('OUTCOME');
      await row.getByLabel('Value').fill('Accepted');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await expect(dialog.getByLabel('Request body')).toContainText('"OUTCOME"');
      await visit('complete-step-review');
    },
  },
  {
    name: 'note and start reviews',
    steps: async ({ page, visit }) => {
      await openProcess(page, 'FT-000005');
      await page.getByRole('tab', { name: /Notes/ }).click();
      const noteForm = page.getByRole('form', { name: 'Add a note' });
      await noteForm.getByLabel('Note', { exact: true }).fill('Reviewed before sending.');
      await noteForm.getByRole('button', { name: 'Review note' }).click();
      await expect(noteForm.getByRole('region', { name: 'Review' })).toBeVisible();
      await visit('note-review');
      await screenButton(page, 'Start process').click();
      const startForm = page.getByRole('form', { name: 'Start a process' });
      await visit('start-process');
      await startForm.getByLabel('Process type id').fill('6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01');
      await startForm.getByRole('button', { name: 'Review', exact: true }).click();
      await expect(startForm.getByRole('region', { name: 'Review' })).toBeVisible();
      await visit('start-review');
    },
  },
  {
    name: 'profiles, a refused form and discovery',
    steps: async ({ page, visit }) => {
      await screenButton(page, 'Profiles').click();
      await expect(page.getByRole('region', { name: 'API description' })).toBeVisible();
      await visit('profiles');
      // A wrong guess for the current step, so the review proposes a change; applying it puts it right.
      const sandbox = page.getByRole('region', { name: 'Local sandbox', exact: true });
      await sandbox.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: 'Edit Local sandbox' });
      await edit.getByText('Advanced').click();
      await edit.getByLabel('getCurrentStep path').fill('/open-api/processes/{processId}/current');
      await edit.getByRole('button', { name: 'Save profile' }).click();
      const panel = page.getByRole('region', { name: 'API description' });
      await panel.getByRole('button', { name: "Read the tenant's API description" }).click();
      const review = panel.getByRole('region', { name: 'Review the proposal' });
      await expect(review.getByLabel('Apply getCurrentStep')).toBeChecked();
      await review.scrollIntoViewIfNeeded();
      await visit('discovery-review');
      await review.getByRole('button', { name: 'Apply selected' }).click();
      await expect(review).toBeHidden();
      await page.getByRole('button', { name: 'New profile' }).click();
      const form = page.getByRole('form', { name: 'New profile' });
      await form.getByLabel('Base URL').fill('not an address');
      await form.getByRole('button', { name: 'Save profile' }).click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      await visit('profile-form-refused');
    },
  },
  {
    name: 'inbox and walk',
    steps: async ({ page, visit }) => {
      await rehearse(page, 'Accepted', visit);
      await screenButton(page, 'Inbox').click();
      const scope = page.getByRole('group', { name: 'Show deliveries of' });
      await scope.getByRole('button', { name: 'All profiles' }).click();
      const deliveries = page.getByRole('table', { name: 'Deliveries' });
      await expect(deliveries.getByRole('columnheader', { name: 'Profile' })).toBeVisible();
      await visit('inbox-all-profiles');
    },
  },
  {
    name: 'live confirmation',
    ready: false,
    steps: async ({ page, visit, startOther }) => {
      // A console of its own: the live profile it becomes active on must not reach the other groups.
      const dataDir = mkdtempSync(join(tmpdir(), 'pc-e2e-live-'));
      const live = await startSandbox({ dataDir, port: 0 });
      try {
        await page.goto(await startOther({}));
        await expectConsoleReady(page);
        await activateLiveProfile(page, 'Live tenant', { url: live.url, key: live.createApiKey('Live key') });
        await openProcess(page, 'FT-000003');
        await page
          .getByRole('list', { name: 'Steps' })
          .getByRole('button', { name: 'Complete step' })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Complete step' });
        await dialog.getByRole('button', { name: 'Review' }).click();
        await expect(dialog.getByLabel(/Type the external reference/)).toBeVisible();
        await visit('live-confirmation');
      } finally {
        await live.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'audit',
    steps: async ({ page, visit }) => {
      await openProcess(page, 'FT-000005');
      await addNote(page, 'Checked for the audit screen.');
      await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Checked for the audit screen.');
      await screenButton(page, 'Audit').click();
      await expect(page.getByRole('table', { name: 'Audit records' })).toContainText('Add note');
      await visit('audit');
    },
  },
  {
    name: 'request log',
    steps: async ({ page, visit }) => {
      await openProcess(page, 'FT-000003');
      await screenButton(page, 'Request log').click();
      const table = page.getByRole('table', { name: 'Requests' });
      await table.getByRole('row').filter({ hasText: 'FT-000003' }).getByRole('button').first().click();
      await expect(page.getByRole('region', { name: 'Response body' })).toContainText('FT-000003');
      await visit('request-log');
    },
  },
  {
    name: 'batches',
    steps: async ({ page, visit }) => {
      await screenButton(page, 'Batches').click();
      const form = page.getByRole('form', { name: 'New batch' });
      await form
        .getByLabel('Process ids or external references')
        .fill(
          ['FT-000001', 'FT-000002', 'FT-000003', 'FT-000004', 'FT-000005', 'not a reference!'].join('\n'),
        );
      await form.getByRole('button', { name: 'Make batch' }).click();
      const made = form.getByRole('region', { name: 'Batch made' });
      await expect(made.getByRole('list', { name: 'Bad lines' })).toContainText('not a reference!');
      await visit('batches');
      await made.getByRole('button', { name: 'Open batch' }).click();
      await page.getByRole('button', { name: 'Read 5 rows' }).click();
      await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible({ timeout: 30_000 });
      await visit('batch-view');
    },
  },
  {
    name: 'settings and command palette',
    steps: async ({ page, visit }) => {
      await screenButton(page, 'Settings').click();
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await visit('settings');
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Commands' })).toBeVisible();
      await page.keyboard.type('aud');
      await visit('command-palette');
    },
  },
  {
    name: 'token needed',
    ready: false,
    steps: async ({ page, url, visit }) => {
      await page.goto(new URL(url).origin);
      await expect(page.getByRole('alert')).toContainText('URL it printed');
      await visit('token-needed');
    },
  },
  {
    name: 'keychain unavailable',
    ready: false,
    steps: async ({ page, visit, startOther }) => {
      // No Secret Service reachable: the D-Bus address points nowhere.
      await page.goto(await startOther({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' }));
      await screenButton(page, 'Profiles').click();
      await expect(page.getByRole('alert').filter({ hasText: 'keychain' })).toBeVisible();
      await visit('keychain-unavailable');
    },
  },
];
