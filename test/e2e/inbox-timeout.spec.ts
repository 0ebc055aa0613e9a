import { expect, test } from './fixtures';
import { openConsole, openReceiverSettings } from './newcomer-steps';

/**
 * Issue 15 item 12: a reply held past the service's time limit (10 s for the demo's REST step)
 * never reached it, so the inbox says the service timed out instead of "answered 200". The wait
 * is the real service's own time limit, not a sleep of the test's.
 */
// The inbox measures from when it heard the request, a little after the service's 10 s clock
// started: 9.9 s was seen under load, so the figure is checked as the service's limit, not to the
// tenth.
const timedOut = /the service timed out after (9\.\d|10(\.\d)?) s; the answer 200 was not received/;

test('a delivery whose service gave up before the reply says the service timed out', async ({
  page,
  consoleApp,
}) => {
  test.setTimeout(60_000);
  await openConsole(page, consoleApp.url);
  const settings = await openReceiverSettings(page);
  await settings.getByLabel('Reply delay (ms)').fill('12000');
  await settings.getByRole('button', { name: 'Save receiver settings' }).click();
  await expect(page.getByText('Receiver settings saved.')).toBeVisible();

  await page.getByText('Submit a test form').click();
  const testForm = page.getByRole('form', { name: 'Submit a test form' });
  await testForm.getByRole('button', { name: 'Submit test form' }).click();
  await expect(testForm.getByRole('status')).toContainText('started', { timeout: 20_000 });
  const reference = /(FT-\d+)/.exec((await testForm.getByRole('status').textContent())!)![1]!;
  const row = page.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(timedOut, {
    timeout: 20_000,
  });
  await expect(row).not.toContainText('answered 200');
  await row.getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText(timedOut);
});
