import { readFileSync, copyFileSync } from 'node:fs';
import { checkAccessibility } from './accessibility';
import { box, splitWords } from './geometry';
import { startBackOfficeSandbox, submitForms } from './batch-steps';
import { expect, test } from './fixtures';
import { createProfile, setCredentials } from './profile-steps';

let service: Awaited<ReturnType<typeof startBackOfficeSandbox>>;
let references: string[];
/** Every fifth process's REST call fails, so it never reaches the assessment. */
const failEvery = 5;
const atAssessment = 200 - 200 / failEvery;

test.beforeAll(async () => {
  service = await startBackOfficeSandbox();
  references = await submitForms(service.url, 200, failEvery);
});

test.afterAll(async () => {
  await service?.stop();
});

test('a batch of 200 references is read, filtered, reviewed, confirmed on a live tenant by its count, and exported', async ({
  page,
  consoleApp,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await createProfile(page, {
    name: 'Live council',
    baseUrl: service.url,
    environment: 'Live',
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: service.key.name,
  });
  await setCredentials(page, service.key.apiKey, service.key.apiSecret);
  await page
    .getByRole('combobox', { name: 'Profile', exact: true })
    .selectOption({ label: 'Live council — LIVE' });
  await expect(page.getByRole('note')).toContainText('LIVE tenant: Live council');

  // Paste: the 200 references, two of them twice and one bad line.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  const pasted = [...references, references[0], references[1], 'not a reference!'].join('\n');
  await form.getByLabel('Process ids or external references').fill(pasted);
  await form.getByLabel('Name (optional)').fill('Back office outage');
  await form.getByRole('button', { name: 'Make batch' }).click();
  const made = form.getByRole('region', { name: 'Batch made' });
  await expect(made.getByRole('status')).toContainText('with 200 processes. 2 duplicates');
  await expect(made.getByRole('status')).toContainText('1 bad line.');
  await expect(made.getByRole('list', { name: 'Bad lines' })).toContainText('not a reference!');
  await expect(page.getByRole('region', { name: 'Batches' })).toContainText('Back office outage');
  await made.getByRole('button', { name: 'Open batch' }).click();

  // Read: the bar reaches 200 of 200.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Back office outage');
  await page.getByRole('button', { name: 'Read 200 rows' }).click();
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress).toContainText('200 of 200', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible({ timeout: 60_000 });

  // Filter on the assessment step and choose every row it shows.
  const stepFilter = page
    .getByRole('group', { name: 'Filter rows' })
    .getByRole('combobox', { name: 'Current step' });
  await stepFilter.selectOption({ label: `Back office assessment (${atAssessment})` });
  const selection = page.locator('.selection-bar').getByRole('status');
  await expect(selection).toContainText(`${atAssessment} rows shown`);
  const table = page.getByRole('table', { name: 'Batch rows' });
  await expect(table.getByRole('row').nth(1)).toContainText('Back office assessment');
  await page.getByRole('button', { name: 'Select all filtered' }).click();
  await expect(selection).toContainText(`${atAssessment} chosen`);

  // The change: complete the step with OUTCOME=Accepted, reviewed, confirmed by typing the count.
  const act = page.getByRole('region', { name: 'Act on rows' });
  await act
    .getByLabel('Step to complete')
    .selectOption({ label: `Back office assessment (${atAssessment} rows)` });
  // The chosen rows are all of one process type, so that type's presets for the step are offered.
  await expect(act.getByRole('region', { name: 'Field presets' })).toBeVisible();
  await act.getByRole('button', { name: 'Add field' }).click();
  const field = act.getByRole('group', { name: 'Field 1' });
  await field.getByLabel('Name').fill('Outcome');
  await field.getByLabel('Value').fill('Accepted');
  await field.getByLabel('Code').fill('OUTCOME');
  await field.getByRole('button', { name: 'Use process id' }).click();
  await act.getByRole('button', { name: 'Review change' }).click();
  const review = act.getByRole('region', { name: 'Review' });
  await expect(review).toContainText(/POST \/open-api\/processes\/[0-9a-f-]{36}\/steps\/[0-9a-f-]{36}/);
  await expect(review).toContainText(`${atAssessment} (the request shown is for`);
  await expect(review).toContainText(`${atAssessment} will be sent; none will be skipped.`);
  await expect(review).toContainText('LIVE');
  await expect(review.getByLabel('Request body')).toContainText('"code": "OUTCOME"');
  const send = review.getByRole('button', { name: `Send to ${atAssessment} processes` });
  await expect(send).toBeDisabled();
  await review
    .getByLabel(`Type the number of processes ${atAssessment} exactly to confirm`)
    .fill(String(atAssessment));
  await checkAccessibility(page, 'batch-review');
  await send.click();

  // Outcomes: every chosen row done; the table says so.
  const outcomes = page.getByRole('region', { name: 'Outcomes' });
  await expect(outcomes).toContainText(`${atAssessment} done`, { timeout: 90_000 });
  await stepFilter.selectOption({ label: 'Any step' });
  await expect(selection).toContainText('200 rows shown');
  await table.getByRole('button', { name: 'Outcome' }).click();
  await expect(table.getByRole('columnheader', { name: /Outcome/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // The screenshot shows the progress, the filters and the first rows with their outcomes.
  await progress.evaluate((element) => element.scrollIntoView());
  await page.screenshot({ path: 'test/e2e/screenshots/batches.png' });
  copyFileSync('test/e2e/screenshots/batches.png', 'docs/screenshots/batches.png');

  // Export: the CSV has a header and one line per row.
  await outcomes.getByRole('button', { name: 'Export CSV' }).click();
  const exported = outcomes.getByRole('status');
  await expect(exported).toContainText('Exported 200 rows to');
  const path = / rows to (.+\.csv)$/.exec((await exported.textContent())!)![1]!;
  const lines = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  expect(lines).toHaveLength(201);
  expect(lines.filter((line) => line.includes(',done,'))).toHaveLength(atAssessment);
});

test('a batch from a CSV: a wrong column is refused with a sentence, the right one is read, renamed and deleted', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('A CSV or text file').check();
  await form.getByLabel('File', { exact: true }).setInputFiles({
    name: 'cases.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('case,reference\r\n1,FT-000001\r\n2,FT-000002\r\n3,FT-000003\r\n'),
  });
  await expect(form).toContainText('The columns of cases.csv: case, reference');
  await form.getByLabel('Column', { exact: true }).fill('ref');
  await form.getByRole('button', { name: 'Make batch' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'The CSV has no column "ref"; its columns are "case", "reference". Choose one of them.',
  );

  await form.getByLabel('Column', { exact: true }).fill('reference');
  await form.getByRole('button', { name: 'Make batch' }).click();
  const made = form.getByRole('region', { name: 'Batch made' });
  await expect(made.getByRole('status')).toContainText('with 3 processes');
  await made.getByRole('button', { name: 'Open batch' }).click();
  await page.getByRole('button', { name: 'Read 3 rows' }).click();
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Batch rows' });
  await expect(table.getByRole('row').filter({ hasText: 'FT-000002' })).toContainText('read');
  await table.getByRole('checkbox', { name: 'Choose FT-000002' }).check();
  await page.getByRole('button', { name: 'Re-read chosen rows' }).click();
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'FT-000002' })).toContainText('read');

  await page.getByRole('button', { name: '← All batches' }).click();
  const list = page.getByRole('region', { name: 'Batches' });
  const name = await list.getByRole('row').nth(1).getByRole('cell').first().textContent();
  await list.getByRole('button', { name: `Rename ${name}` }).click();
  await page.getByRole('dialog', { name: 'Rename batch' }).getByLabel('Batch name').fill('Three cases');
  await page.getByRole('dialog', { name: 'Rename batch' }).getByRole('button', { name: 'Save name' }).click();
  await expect(list.getByRole('row').nth(1)).toContainText('Three cases');
  await list.getByRole('button', { name: 'Delete Three cases' }).click();
  await page
    .getByRole('dialog', { name: 'Delete batch' })
    .getByRole('button', { name: 'Delete batch' })
    .click();
  await expect(list).toContainText('No batches for this profile yet.');
});

test('a batch from the inbox takes the profile’s deliveries, and a file over 16 MiB is refused with a sentence', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  const screens = page.getByRole('navigation', { name: 'Screens' });
  await screens.getByRole('button', { name: 'Inbox' }).click();
  await page.getByText('Submit a test form').click();
  const testForm = page.getByRole('form', { name: 'Submit a test form' });
  await testForm.getByRole('button', { name: 'Submit test form' }).click();
  await expect(testForm.getByRole('status')).toContainText('started');
  const reference = /(FT-\d+)/.exec((await testForm.getByRole('status').textContent())!)![1]!;

  await screens.getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('A CSV or text file').check();
  await form.getByLabel('File', { exact: true }).setInputFiles({
    name: 'huge.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(17 * 2 ** 20, 'FT-000001\n'),
  });
  await form.getByRole('button', { name: 'Make batch' }).click();
  await expect(form.getByRole('alert')).toContainText('is larger than 16 MiB');

  await form.getByLabel('The inbox').check();
  // The embedded service's demo may have delivered before; every delivery of the profile is taken.
  const take = form.getByRole('checkbox', { name: /^Take (this delivery|these \d+ deliveries)$/ });
  const deliveries = Number(/\d+/.exec((await take.locator('..').textContent())!)?.[0] ?? '1');
  await take.check();
  await form.getByRole('button', { name: 'Make batch' }).click();
  const made = form.getByRole('region', { name: 'Batch made' });
  await expect(made.getByRole('status')).toContainText(`with ${deliveries} process`);
  await made.getByRole('button', { name: 'Open batch' }).click();
  await page.getByRole('button', { name: /^Read \d+ rows?$/ }).click();
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Batch rows' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('read');
});

test('a change goes to the rows it was reviewed for, even when the choice changes while the review is open', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Process ids or external references').fill('FT-000001\nFT-000002\nFT-000003');
  await form.getByRole('button', { name: 'Make batch' }).click();
  await form.getByRole('region', { name: 'Batch made' }).getByRole('button', { name: 'Open batch' }).click();
  await page.getByRole('button', { name: 'Read 3 rows' }).click();
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Batch rows' });
  await table.getByRole('checkbox', { name: 'Choose FT-000001' }).check();

  const act = page.getByRole('region', { name: 'Act on rows' });
  await act.getByLabel('Add note').check();
  await act.getByLabel('Note', { exact: true }).fill('Reviewed for FT-000001 only.');
  await act.getByRole('button', { name: 'Review change' }).click();
  const review = act.getByRole('region', { name: 'Review' });
  await expect(review).toContainText('the request shown is for FT-000001');

  // The choice moves to another row (same count) while the review is open.
  await table.getByRole('checkbox', { name: 'Choose FT-000001' }).uncheck();
  await table.getByRole('checkbox', { name: 'Choose FT-000002' }).check();
  await review.getByRole('button', { name: 'Send to 1 process', exact: true }).click();

  await expect(act.getByRole('status')).toContainText('on its way to 1 process;');
  await expect(page.getByRole('region', { name: 'Outcomes' })).toContainText('1 done');
  await expect(table.getByRole('row').filter({ hasText: 'FT-000001' })).toContainText('done');
  await expect(table.getByRole('row').filter({ hasText: 'FT-000002' })).not.toContainText('done');
});

test('a note being written stays while chosen rows are read again', async ({ page, consoleApp }) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Process ids or external references').fill('FT-000003\nFT-000005');
  await form.getByRole('button', { name: 'Make batch' }).click();
  await form.getByRole('region', { name: 'Batch made' }).getByRole('button', { name: 'Open batch' }).click();
  await page.getByRole('button', { name: 'Read 2 rows' }).click();
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible();

  const act = page.getByRole('region', { name: 'Act on rows' });
  await act.getByLabel('Add note').check();
  await act.getByLabel('Note', { exact: true }).fill('Half-written note');
  const table = page.getByRole('table', { name: 'Batch rows' });
  await table.getByRole('checkbox', { name: 'Choose FT-000003' }).check();
  const reRead = page.getByRole('button', { name: 'Re-read chosen rows' });
  const answered = page.waitForResponse((response) => response.url().endsWith('/bridge/batches.read'));
  await reRead.click();
  await answered;
  await expect(reRead).toBeEnabled();
  await expect(act.getByRole('textbox', { name: 'Note' })).toHaveValue('Half-written note');
  await expect(table.getByRole('checkbox', { name: 'Choose FT-000003' })).toBeChecked();
});

test('a waiting time beyond the limit is refused beside its box, and the table stays', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Process ids or external references').fill('FT-000003');
  await form.getByRole('button', { name: 'Make batch' }).click();
  await form.getByRole('region', { name: 'Batch made' }).getByRole('button', { name: 'Open batch' }).click();
  const filters = page.getByRole('group', { name: 'Filter rows' });
  await filters.getByLabel('Waiting longer than').fill('5000');
  await expect(filters.getByRole('alert')).toHaveText(/^Waiting longer than must be at most 3,650 days/);
  await expect(page.getByRole('table', { name: 'Batch rows' })).toBeVisible();
  await filters.getByLabel('Waiting longer than').fill('2');
  await expect(filters.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Batch rows' })).toBeVisible();
});

test('focus follows each step by keyboard, and a read error spans the Read and Outcome columns', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Process ids or external references').fill('FT-000003\nFT-999999\nnot a reference!');
  await form.getByRole('button', { name: 'Make batch' }).click();
  const made = form.getByRole('region', { name: 'Batch made' });
  await expect(made.getByRole('status')).toContainText('0 duplicates and 0 blank lines dropped; 1 bad line.');
  // Make batch was disabled while it sent: the focus is on what comes next, not the page's body.
  await expect(made.getByRole('button', { name: 'Open batch' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Saving the pace says so and keeps the focus on its button.
  const settings = page.getByRole('form', { name: 'Batch settings' });
  await settings.getByLabel('Rows at once').fill('1');
  await settings.getByLabel('Requests per second').fill('0.5');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText(/^Saved/);
  await expect(settings.getByRole('button', { name: 'Save settings' })).toBeFocused();

  // Read, Pause, Resume by keyboard: each button's successor takes the focus.
  await page.getByRole('button', { name: 'Read 2 rows' }).focus();
  await page.keyboard.press('Enter');
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByRole('button', { name: 'Pause' })).toBeFocused();
  await expect(progress).toContainText('of 2');
  await page.keyboard.press('Enter');
  await expect(progress.getByRole('button', { name: 'Resume' })).toBeFocused();
  await settings.getByLabel('Requests per second').fill('20');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await progress.getByRole('button', { name: 'Resume' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible();
  // The read ended and took Pause away; the focus stayed in the panel.
  await expect(progress).toBeFocused();

  // The read error takes the width of Read and Outcome, not the Read column's alone.
  const table = page.getByRole('table', { name: 'Batch rows' });
  const failed = table.getByRole('row').filter({ hasText: 'FT-999999' }).getByRole('cell').last();
  await expect(failed).toContainText('Failed: There is no process with external reference FT-999999');
  const readHeader = await box(table.getByRole('columnheader', { name: 'Read' }));
  const outcomeHeader = await box(table.getByRole('columnheader', { name: 'Outcome' }));
  expect((await box(failed)).width).toBeGreaterThan(readHeader.width + outcomeHeader.width - 2);
  // In a 1024 wide window a reference stays on one line.
  await page.setViewportSize({ width: 1024, height: 700 });
  const reference = table.getByRole('row').filter({ hasText: 'FT-000003' }).getByRole('cell').nth(1);
  await expect(reference).toHaveText('FT-000003');
  expect(await splitWords(reference)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A note reviewed on this test profile: focus on the review, then on New change, then Review change.
  await table.getByRole('checkbox', { name: 'Choose FT-000003' }).check();
  const act = page.getByRole('region', { name: 'Act on rows' });
  await act.getByLabel('Add note').check();
  await act.getByLabel('Note', { exact: true }).fill('Seen.');
  await act.getByRole('button', { name: 'Review change' }).click();
  const review = act.getByRole('region', { name: 'Review' });
  await expect(review).toBeVisible();
  await expect(page.locator(':focus')).toContainText('What will be sent');
  await review.getByRole('button', { name: 'Send to 1 process' }).click();
  await expect(act.getByRole('button', { name: 'New change' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(act.getByRole('button', { name: 'Review change' })).toBeFocused();
  await checkAccessibility(page, 'batch-keyboard');
});
