import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSandbox } from '../../src-sandbox/server';

test('the reference service renders Swagger UI from the installed package, with every operation', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-sandbox-swagger-'));
  const sandbox = await startSandbox({ dataDir, port: 0 });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(sandbox.url) && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });
  try {
    await page.goto(`${sandbox.url}/swagger`);
    await expect(
      page.getByRole('heading', { name: /Process Integration API \(reference service\)/ }),
    ).toBeVisible();
    for (const [method, path] of [
      ['POST', '/open-api/processes'],
      ['GET', '/open-api/processes/{processId}'],
      ['GET', '/open-api/processes/external-reference/{externalReference}'],
      ['GET', '/open-api/processes/external-reference/{externalReference}/steps'],
      ['GET', '/open-api/processes/{processId}/current-step'],
      ['POST', '/open-api/processes/{processId}/notes'],
      ['POST', '/open-api/processes/{processId}/steps/{stepId}/complete'],
      ['GET', '/open-api/documents/{documentId}'],
      ['POST', '/open-api/token'],
      ['POST', '/forms/{formCode}/submissions'],
    ]) {
      const operation = page
        .locator('.opblock-summary')
        .filter({ has: page.getByText(path, { exact: true }) });
      await expect(operation.filter({ hasText: method }).first()).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Authorize' })).toBeVisible();
    expect(foreign).toEqual([]);
    await page.screenshot({ path: 'test/e2e/screenshots/sandbox-swagger.png', fullPage: true });
  } finally {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
