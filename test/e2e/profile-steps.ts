import { expect, type Page } from '@playwright/test';

/** Profile steps the end-to-end specs share: make a profile, give it a key, look a process up. */

/** Creates a profile through the form and waits until the Profiles screen shows it. */
export async function createProfile(
  page: Page,
  profile: { name: string; baseUrl: string; environment?: 'Test' | 'Live'; scheme: string; keyName: string },
) {
  await page.getByRole('button', { name: 'Profiles', exact: true }).click();
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name', { exact: true }).fill(profile.name);
  await form.getByLabel('Base URL').fill(profile.baseUrl);
  await form.getByLabel(profile.environment ?? 'Test', { exact: true }).check();
  await form.getByLabel('Auth scheme').selectOption({ label: profile.scheme });
  await form.getByLabel('API key name').fill(profile.keyName);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('region', { name: profile.name, exact: true })).toBeVisible();
}

/** Stores a key for the shown profile and checks the page keeps no trace of the secret. */
export async function setCredentials(page: Page, apiKey: string, apiSecret: string) {
  const credentials = page.getByRole('region', { name: 'Credentials' });
  await credentials.getByLabel('API key').fill(apiKey);
  await credentials.getByLabel('API secret').fill(apiSecret);
  await credentials.getByRole('button', { name: 'Set credentials' }).click();
  await expect(credentials).toContainText(`ends in ${apiKey.slice(-4)}`);
  // The codes are gone from the page once stored.
  expect(await page.content()).not.toContain(apiSecret);
}

/** Looks a process up by id or external reference. */
export async function lookUp(page: Page, text: string) {
  await page.getByLabel('Process id or external reference').fill(text);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
}

/** Makes a live profile of `service` with its key and makes it the active one. */
export async function activateLiveProfile(
  page: Page,
  name: string,
  service: { url: string; key: { apiKey: string; apiSecret: string } },
) {
  await createProfile(page, {
    name,
    baseUrl: service.url,
    environment: 'Live',
    scheme: 'Headers (X-Api-Key, X-Api-Secret)',
    keyName: 'Second service key',
  });
  await setCredentials(page, service.key.apiKey, service.key.apiSecret);
  await page.getByRole('button', { name: 'Use this profile' }).click();
  await expect(page.getByRole('note')).toContainText(`LIVE tenant: ${name}`);
}
