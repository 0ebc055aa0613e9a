import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectRecords } from '../../src-main/core/audit/audit-query';
import { bigAuditReference, scanAudit, writeBigAudit } from '../support/big-audit';
import { expect, startConsole, test } from './fixtures';

test('the Audit screen finds one process among thousands as one types, and counts them all', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'process-console-e2e-audit-'));
  const file = join(dataDir, 'audit.jsonl');
  writeBigAudit(file, 20_000);
  const reference = bigAuditReference(42);
  const expected = selectRecords(scanAudit(file), { processId: reference });
  const { console: app, child } = await startConsole(dataDir);
  try {
    await page.goto(app.url);
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Audit' }).click();
    await page.getByLabel('Only the current profile').uncheck();
    // Every record counted once the index has caught up with the file.
    await expect(page.getByText('20,000 records')).toBeVisible({ timeout: 120_000 });
    const table = page.getByRole('table', { name: 'Audit records' });
    await page.getByLabel('Process id', { exact: true }).fill(reference);
    await expect(page.getByText(`${expected.length} records`, { exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(expected.length + 1);
    for (const row of await table.getByRole('row').all()) {
      const text = await row.textContent();
      if (text?.startsWith('Time')) continue;
      expect(text).toContain(reference);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
