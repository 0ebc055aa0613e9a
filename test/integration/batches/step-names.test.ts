import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeed } from '../../../src-sandbox/seed/demo-seed';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';
import { completeAccepted, createInput, input, jobEnded, openService } from './helpers';

/**
 * A step is found by its name exactly as the service wrote it: a tenant's "Back office assessment "
 * (a space at its end) was offered in the step list with its count, but the filter built from it
 * showed no row and a run skipped every row as "not at step".
 */

const stepName = 'Back office assessment ';
const folder = mkdtempSync(join(tmpdir(), 'pc-batch-step-names-'));
let sandbox: RunningSandbox;

beforeAll(async () => {
  // The demo data, its assessment step renamed with a space at the end wherever it is named.
  const seedFile = join(folder, 'seed.json');
  writeFileSync(
    seedFile,
    JSON.stringify(demoSeed).replaceAll('"Back office assessment"', JSON.stringify(stepName)),
  );
  sandbox = await startSandbox({ dataDir: join(folder, 'sandbox'), seedFile, port: 0, quiet: true });
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a step whose name ends with a space', () => {
  it('is filtered on and completed under the name the step list offers', async () => {
    const key = sandbox.createApiKey('step-names');
    const console_ = openService(join(folder, 'console'), sandbox.url.replace(/\/+$/, ''), key);
    const { service, profile } = console_;
    try {
      const references = Array.from({ length: 12 }, (_, n) => `FT-${String(n + 1).padStart(6, '0')}`);
      const made = createInput({ profileId: profile.id, text: references.join('\n') });
      if (!made.ok) throw new Error(made.message);
      const { batchId } = service.create(made.value).batch;
      await service.read(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');

      // What the step list offers, and what choosing it shows.
      const offered = service.store.summary(batchId).counts.steps.find((step) => step.name === stepName);
      expect(offered?.count).toBeGreaterThan(0);
      const filtered = service.get(batchId, input('batches.get', { batchId, filter: { stepName } }));
      expect(filtered.matching).toBe(offered!.count);
      expect(new Set(filtered.rows.map((row) => row.currentStep?.name))).toEqual(new Set([stepName]));

      const action = { ...completeAccepted, stepName };
      const rows = filtered.rows.map((row) => row.rowNo);
      await service.run(input('batches.run', { batchId, action, rows, confirm: '' }));
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const outcomes = service.get(batchId, input('batches.get', { batchId, filter: { action: 'done' } }));
      expect(outcomes.rows.map((row) => row.rowNo)).toEqual(rows);
    } finally {
      await console_.close();
    }
  }, 60_000);
});
