import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { batchMigrations } from '../../../../../src-main/core/batches/batch-db';
import { createBatchStore } from '../../../../../src-main/core/batches/batch-store';
import { openDurableDatabase } from '../../../../../src-sandbox/storage/sqlite';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a batches database made by the console before process type ids were kept', () => {
  it('opens with its batches and reads, the new columns empty until a row is read again', () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-db-'));
    const old = openDurableDatabase(join(dataDir, 'batches', 'batches.db'), {
      migrations: batchMigrations.filter((migration) => migration.version === 1),
      tooNew: () => new Error('newer'),
    });
    old.exec(`INSERT INTO batches (batch_id, profile_id, name, created_at, updated_at, job_kind, job_status, job_total)
      VALUES ('b1', 'p1', 'Before the upgrade', '2026-11-01T09:00:00Z', '2026-11-01T09:00:00Z', 'read', 'finished', 1)`);
    old.exec(`INSERT INTO rows (batch_id, row_no, input, input_kind, process_type_name, step_id, step_name, step_kind, read_state)
      VALUES ('b1', 1, 'FT-000001', 'externalReference', 'Report fly-tipping', 's1', 'Back office assessment', 'Standard', 'read')`);
    old.close();

    const store = createBatchStore(dataDir);
    try {
      const [batch] = store.list();
      expect(batch).toMatchObject({
        name: 'Before the upgrade',
        job: { status: 'finished', needsValues: [] },
      });
      expect(store.rows('b1')[0]).toMatchObject({
        processTypeId: null,
        processTypeName: 'Report fly-tipping',
        currentStep: { name: 'Back office assessment' },
      });
    } finally {
      store.close();
    }
  });
});

describe('a batches database made by the console before a run kept what it was confirmed on', () => {
  it('opens its paused run with no tenant, which resumes on a test profile only (run-target.ts)', () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-db-'));
    const old = openDurableDatabase(join(dataDir, 'batches', 'batches.db'), {
      migrations: batchMigrations.filter((migration) => migration.version <= 3),
      tooNew: () => new Error('newer'),
    });
    old.exec(`INSERT INTO batches (batch_id, profile_id, name, created_at, updated_at, job_kind, job_status, job_total)
      VALUES ('b1', 'p1', 'Before the upgrade', '2026-11-01T09:00:00Z', '2026-11-01T09:00:00Z', 'run', 'paused', 3)`);
    old.close();

    const store = createBatchStore(dataDir);
    try {
      expect(store.job('b1')).toMatchObject({ kind: 'run', status: 'paused', confirmedOn: null });
      const on = { kind: 'run', status: 'paused', reason: null, action: null, total: 3 } as const;
      const target = { environment: 'test', baseUrl: 'https://test.tenant.example', keyName: 'bot' } as const;
      store.setJob('b1', { ...on, confirmedOn: target });
      expect(store.job('b1')).toMatchObject({ confirmedOn: target });
    } finally {
      store.close();
    }
  });
});
