import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { startBackOfficeSandbox, submitForms } from './batch-steps';
import { expect, startConsole, test } from './fixtures';
import { createProfile, setCredentials } from './profile-steps';

let service: Awaited<ReturnType<typeof startBackOfficeSandbox>>;
let references: string[];
let dataDir: string;
const children: ChildProcess[] = [];
const processes = 20;

test.beforeAll(async () => {
  service = await startBackOfficeSandbox();
  references = await submitForms(service.url, processes, Number.MAX_SAFE_INTEGER);
  dataDir = mkdtempSync(join(tmpdir(), 'process-console-e2e-resume-'));
});

test.afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openConsole(page: Page) {
  const { console, child } = await startConsole(dataDir);
  children.push(child);
  await page.goto(console.url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
  return child;
}

async function setPace(page: Page, concurrency: string, rate: string) {
  const settings = page.getByRole('form', { name: 'Batch settings' });
  await settings.getByLabel('Rows at once').fill(concurrency);
  await settings.getByLabel('Requests per second').fill(rate);
  await settings.getByRole('button', { name: 'Save settings' }).click();
}

test('after a crash, a run with a confidential field asks for exactly that value, masked, and resumes with it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const first = await openConsole(page);
  await createProfile(page, {
    name: 'Back office',
    baseUrl: service.url,
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: service.key.name,
  });
  await setCredentials(page, service.key.apiKey, service.key.apiSecret);
  await page.getByRole('combobox', { name: 'Profile', exact: true }).selectOption({ label: 'Back office' });
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Process ids or external references').fill(references.join('\n'));
  await form.getByLabel('Name (optional)').fill('Bank references');
  await form.getByRole('button', { name: 'Make batch' }).click();
  await form.getByRole('region', { name: 'Batch made' }).getByRole('button', { name: 'Open batch' }).click();
  await page.getByRole('button', { name: `Read ${processes} rows` }).click();
  await expect(page.getByRole('button', { name: 'All rows read' })).toBeVisible({ timeout: 60_000 });

  // Slow enough that the console is killed with most rows still to send.
  await setPace(page, '1', '1');
  const act = page.getByRole('region', { name: 'Act on rows' });
  // The first form's REST call fails (submitForms), so it never reaches the assessment.
  const stepChoice = act.getByLabel('Step to complete');
  const assessment = (await stepChoice
    .locator('option', { hasText: 'Back office assessment' })
    .textContent())!;
  const waiting = Number(/\((\d+) rows\)/.exec(assessment)![1]);
  await stepChoice.selectOption({ label: assessment });
  await act.getByRole('button', { name: 'Add field' }).click();
  const field = act.getByRole('group', { name: 'Field 1' });
  await field.getByLabel('Name').fill('Bank reference');
  await field.getByLabel('Code').fill('BANKREF');
  await field.getByLabel('Confidential').check();
  await field.getByLabel('Value').fill('sort-code-40-11-62');
  await field.getByRole('button', { name: 'Use process id' }).click();
  await act.getByRole('button', { name: 'Review change' }).click();
  const review = act.getByRole('region', { name: 'Review' });
  const send = review.getByRole('button', { name: `Send to ${waiting} processes` });
  await expect(send).toBeVisible();
  // A test profile sends at once; only a live one asks for the count to be typed.
  const confirm = review.getByLabel(`Type the number of processes ${waiting} exactly to confirm`);
  if ((await confirm.count()) > 0) await confirm.fill(String(waiting));
  await send.click();
  await expect(page.getByRole('region', { name: 'Progress' })).toContainText(/[1-9]\d* of \d+/, {
    timeout: 30_000,
  });
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));

  await openConsole(page);
  await page.getByRole('combobox', { name: 'Profile', exact: true }).selectOption({ label: 'Back office' });
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batches' }).click();
  await page
    .getByRole('region', { name: 'Batches' })
    .getByRole('button', { name: 'Bank references', exact: true })
    .click();
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress).toContainText('Resume with the value of "BANKREF" again');
  await expect(progress.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(0);
  const values = progress.getByRole('form', { name: 'Values to resume with' });
  const input = values.getByLabel('Bank reference BANKREF');
  await expect(input).toHaveAttribute('type', 'password');
  const resume = values.getByRole('button', { name: 'Resume with these values' });
  await expect(resume).toBeDisabled();
  await setPace(page, '8', '100');
  await input.fill('sort-code-40-11-62');
  await resume.click();
  await expect(page.getByRole('region', { name: 'Outcomes' })).toContainText(`${waiting} done`, {
    timeout: 60_000,
  });
  await expect(values).toHaveCount(0);
});
