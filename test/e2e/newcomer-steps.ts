import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The newcomer's journey, shared by the browser shell's test and the desktop window's, so both
 * shells are held to one copy of the steps. `shot` saves a screenshot where the browser test wants
 * them for the docs; the desktop test passes nothing.
 */

/** Waits for the console to be ready on the embedded default's "Local sandbox" profile. */
export async function expectConsoleReady(page: Page): Promise<void> {
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  // First start made the "Local sandbox" profile on the embedded reference service.
  await expect(page.getByLabel('Profile')).toContainText('Local sandbox');
}

/** Opens the console at its URL and waits for it to be ready on the embedded default. */
export async function openConsole(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expectConsoleReady(page);
}

/** Goes to a screen by its button in the sidebar ("Start process", "Inbox", "Audit" …). */
export async function goToScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name }).click();
}

/** Goes to the Inbox and opens its receiver settings (folded once the receiver is on). */
export async function openReceiverSettings(page: Page): Promise<Locator> {
  await goToScreen(page, 'Inbox');
  const settings = page.getByRole('form', { name: 'Receiver settings' });
  if (!(await settings.isVisible())) await page.locator('summary', { hasText: 'Receiver' }).click();
  return settings;
}

/** Opens a process on its Notes tab: the note form and its box. */
export async function openNotes(page: Page, reference: string): Promise<{ form: Locator; box: Locator }> {
  await openProcess(page, reference);
  await page.getByRole('tab', { name: /Notes/ }).click();
  const form = page.getByRole('form', { name: 'Add a note' });
  return { form, box: form.getByRole('textbox', { name: 'Note', exact: true }) };
}

/** Looks a process up by id or external reference and waits for its heading. */
export async function openProcess(page: Page, reference: string): Promise<void> {
  await page.getByLabel('Process id or external reference').fill(reference);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
}

/** Writes a note on the open process's Notes tab and sends it from its review. */
export async function addNote(page: Page, text: string): Promise<void> {
  await page.getByRole('tab', { name: /Notes/ }).click();
  await page.getByLabel('Note', { exact: true }).fill(text);
  // A note is sent from its review only.
  await page.getByRole('button', { name: 'Review note' }).click();
  await page.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Add note' }).click();
}

/** Opens FT-000003, reads its form document, adds a note, completes the step with review, sees the audit. */
export async function newcomerJourney(page: Page, shot: (name: string) => Promise<unknown> = async () => {}) {
  await expectConsoleReady(page);
  await openProcess(page, 'FT-000003');
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('article', { name: 'Back office assessment (current step)' })).toBeVisible();
  await shot('process-view');

  await page.getByRole('tab', { name: /Documents/ }).click();
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('tab', { name: 'Form view' })).toHaveAttribute('aria-selected', 'true');
  await expect(viewer.getByRole('region', { name: 'ClientInfo' })).toBeVisible();
  await shot('document-form-view');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await addNote(page, 'Back office checked the report.');
  const note = page
    .getByRole('list', { name: 'Notes' })
    .getByRole('article')
    .filter({ hasText: 'Back office checked the report.' });
  await expect(note).toContainText('Process Console (local)');

  await page.getByRole('tab', { name: /Steps/ }).click();
  await steps.getByRole('button', { name: 'Complete step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete step' });
  await dialog.getByRole('button', { name: 'Add field' }).click();
  const row = dialog.getByRole('group', { name: 'Field 1' });
  await row.getByLabel('Name').fill('Outcome');
  await row.getByLabel('Value').fill('Rejected');
  await row.getByLabel('Code').fill('OUTCOME');
  // A code used twice is refused by main; the dialog says so on the row that repeats it.
  await dialog.getByRole('button', { name: 'Add field' }).click();
  const repeat = dialog.getByRole('group', { name: 'Field 2' });
  await repeat.getByLabel('Name').fill('Outcome again');
  await repeat.getByLabel('Code').fill('OUTCOME');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(repeat).toContainText(
    'the code OUTCOME is already used by field 1; each code may appear once',
  );
  await expect(dialog.getByLabel('Request body')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Remove field 2' }).click();
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByLabel('Request body')).toContainText('"OUTCOME"');
  // Every bridge call from here on, by name. The browser shell's bridge is POST /bridge/<call>;
  // the desktop window's is IPC, which the page's requests do not show.
  const overHttp = page.url().startsWith('http');
  const calls: string[] = [];
  page.on('request', (request) => {
    const match = /^\/bridge\/([^/?]+)$/.exec(new URL(request.url()).pathname);
    if (match) calls.push(decodeURIComponent(match[1]!));
  });
  await dialog.getByRole('button', { name: 'Complete step' }).click();
  await expect(dialog.getByRole('status')).toContainText('Tell the customer');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(steps.getByRole('article', { name: 'Tell the customer (current step)' })).toBeVisible();

  await page.getByRole('button', { name: 'Audit' }).click();
  const audit = page.getByRole('table', { name: 'Audit records' });
  await expect(audit.getByRole('row')).toHaveCount(3);
  // The completion's reply carries the process: showing it, and Recent, asks nothing more.
  if (overHttp) expect(calls.slice(0, calls.indexOf('audit.list'))).toEqual(['steps.complete']);
  await expect(audit).toContainText('Complete step');
  await expect(audit).toContainText('Add note');
  await shot('audit');
}
