import type { Page } from '@playwright/test';
import { checkAccessibility } from './accessibility';
import { expect, test } from './fixtures';
import { goToScreen, openConsole, openNotes } from './newcomer-steps';

/** Counts the bridge calls of one name the page makes from now on (the browser shell's POST /bridge/<call>). */
function countCalls(page: Page, name: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/bridge/${name}`) count += 1;
  });
  return () => count;
}

test('a note and a start are reviewed before they are sent: Cancel sends nothing, Send sends once', async ({
  page,
  consoleApp,
}) => {
  await openConsole(page, consoleApp.url);
  const { form: noteForm, box } = await openNotes(page, 'FT-000005');
  const notes = page.getByRole('list', { name: 'Notes' });
  const notesAdded = countCalls(page, 'notes.add');

  await box.fill('Reviewed before sending.');
  await noteForm.getByRole('button', { name: 'Review note' }).click();
  const review = noteForm.getByRole('region', { name: 'Review' });
  await expect(review).toContainText(/POST \/open-api\/processes\/[0-9a-f-]{36}\/notes/);
  await expect(review).toContainText('Local sandbox');
  await expect(review).toContainText('TEST');
  await expect(review.getByLabel('Request body')).toContainText('"contents": "Reviewed before sending."');
  await checkAccessibility(page, 'note-review');
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/note-review.png' });
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toHaveCount(0);
  // Nothing went: the process, read afresh from the service, has no such note.
  const readById = countCalls(page, 'processes.get');
  const readByReference = countCalls(page, 'processes.getByReference');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => readById() + readByReference()).toBe(1);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(page.getByRole('article').filter({ hasText: 'Reviewed before sending.' })).toHaveCount(0);
  expect(notesAdded()).toBe(0);

  await noteForm.getByRole('button', { name: 'Review note' }).click();
  await review.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('article').filter({ hasText: 'Reviewed before sending.' })).toHaveCount(1);
  expect(notesAdded()).toBe(1);

  // Start: the same review, on the form's own Review.
  await goToScreen(page, 'Start process');
  const startForm = page.getByRole('form', { name: 'Start a process' });
  const starts = countCalls(page, 'processes.start');
  const typeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';
  await startForm.getByLabel('Process type id').fill(typeId);
  await startForm.getByRole('button', { name: 'Add field' }).click();
  const field = startForm.getByRole('group', { name: 'Field 1' });
  await field.getByLabel('Name').fill('Caller');
  await field.getByLabel('Code').fill('CALLER');
  await field.getByLabel('Value').fill('Mr Secret');
  await field.getByLabel('Confidential').check();
  await startForm.getByRole('button', { name: 'Review', exact: true }).click();
  const startReview = startForm.getByRole('region', { name: 'Review' });
  await expect(startReview).toContainText('POST /open-api/processes');
  await expect(startReview.getByLabel('Request body')).toContainText(`"processTypeId": "${typeId}"`);
  // A confidential value is masked in the review.
  await expect(startReview.getByLabel('Request body')).not.toContainText('Mr Secret');
  await checkAccessibility(page, 'start-review');
  await page.screenshot({ path: 'test/e2e/screenshots/issue-15/start-review.png' });
  await startReview.getByRole('button', { name: 'Cancel' }).click();
  await expect(startReview).toHaveCount(0);
  expect(starts()).toBe(0);
  await startForm.getByRole('button', { name: 'Review', exact: true }).click();
  await startReview.getByRole('button', { name: 'Start process' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/FT-\d+/);
  expect(starts()).toBe(1);
});
