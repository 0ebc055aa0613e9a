import { startBackOfficeSandbox, submitForms } from './batch-steps';
import { expect, test } from './fixtures';
import { createProfile, setCredentials } from './profile-steps';

/**
 * The step a batch shows under "Step to complete" is the step its completion uses, with no choice
 * made: the select was filled after the read, while the panel still held the empty step it had
 * before it, so Review answered with the contract's field path instead of the shown step. And
 * `{processId}` in a value is each row's process id, not the placeholder's own text.
 */

let service: Awaited<ReturnType<typeof startBackOfficeSandbox>>;
let references: string[];

test.beforeAll(async () => {
  service = await startBackOfficeSandbox();
  // The first form's REST call fails (row 0 of every `failEvery`), so five wait at the assessment.
  references = await submitForms(service.url, 6, 1_000);
});

test.afterAll(async () => {
  await service?.stop();
});

test('a read batch completes the step its select shows, untouched, with each row’s id in a value', async ({
  page,
  consoleApp,
}) => {
  test.setTimeout(120_000);
  await page.goto(consoleApp.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  await createProfile(page, {
    name: 'Test council',
    baseUrl: service.url,
    environment: 'Test',
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: service.key.name,
  });
  await setCredentials(page, service.key.apiKey, service.key.apiSecret);
  await page.getByRole('combobox', { name: 'Profile', exact: true }).selectOption({ label: 'Test council' });
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Process ids or external references').fill(references.join('\n'));
  await form.getByRole('button', { name: 'Make batch' }).click();
  await form.getByRole('region', { name: 'Batch made' }).getByRole('button', { name: 'Open batch' }).click();
  // The panel is drawn before the read, with no step to offer yet.
  const act = page.getByRole('region', { name: 'Act on rows' });
  await expect(act).toBeVisible();
  await page.getByRole('button', { name: 'Read 6 rows' }).click();
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible({ timeout: 60_000 });

  const step = act.getByLabel('Step to complete');
  await expect(step.locator('option:checked')).toHaveText('Back office assessment (5 rows)');
  await act.getByRole('button', { name: 'Add field' }).click();
  const field = act.getByRole('group', { name: 'Field 1' });
  await field.getByLabel('Name').fill('Outcome');
  await field.getByLabel('Value').fill('Accepted for {processId}');
  await field.getByLabel('Code').fill('OUTCOME');
  await field.getByRole('button', { name: 'Use process id' }).click();
  await act.getByRole('button', { name: 'Review change' }).click();
  const review = act.getByRole('region', { name: 'Review' });
  await expect(review).toContainText('5 will be sent;');
  await expect(act).not.toContainText('stepName');
  await expect(review.getByLabel('Request body')).toContainText(/"value": "Accepted for [0-9a-f-]{36}"/);

  await review.getByRole('button', { name: 'Send to 5 processes' }).click();
  await expect(page.getByRole('region', { name: 'Outcomes' })).toContainText('5 done', { timeout: 60_000 });
  // Once the run has ended, the panel no longer says the change is on its way.
  await expect(act.getByRole('status')).toContainText(
    'The change was sent to 5 processes (the run has ended)',
  );
  // What the service keeps: each process's own id, never the placeholder.
  for (const reference of references.slice(1)) {
    const response = await fetch(`${service.url}/open-api/processes/external-reference/${reference}`, {
      headers: { 'X-Api-Key': service.key.apiKey, 'X-Api-Secret': service.key.apiSecret },
    });
    const process = (await response.json()) as {
      processId: string;
      fields: { code: string; value: string }[];
    };
    expect(process.fields.find((field) => field.code === 'OUTCOME')?.value).toBe(
      `Accepted for ${process.processId}`,
    );
  }
});
