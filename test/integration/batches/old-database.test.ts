import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { batchMigrations } from '../../../src-main/core/batches/batch-db';
import { openDurableDatabase } from '../../../src-sandbox/storage/sqlite';
import { confidentialMask } from '../../../src-shared/logs';
import { openService } from './helpers';

/**
 * A batches.db written by an earlier version kept a run's confidential values in the job and the
 * journal (issue 12 review). Opening it masks them, wipes their bytes from the file and its WAL,
 * and the run asks for the values at resume as after any restart.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-old-db-'));
const file = join(dataDir, 'batches', 'batches.db');

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The files of the batches database whose raw bytes hold `value`. */
function filesHolding(value: string): string[] {
  return [file, `${file}-wal`].filter(
    (path) => existsSync(path) && readFileSync(path).includes(Buffer.from(value)),
  );
}

/** Writes, at schema version 2 and with plain SQL, a paused run that stored its confidential value. */
function writeOldDatabase(profileId: string, batchId: string, secret: string) {
  const db = openDurableDatabase(file, {
    migrations: batchMigrations.filter((migration) => migration.version <= 2),
    tooNew: () => new Error('too new'),
  });
  const action = JSON.stringify({
    kind: 'complete',
    stepName: 'Back office assessment',
    fields: [
      { name: 'Outcome', code: 'OUTCOME', value: 'Accepted', fieldId: '{processId}', confidential: false },
      { name: 'Bank reference', code: 'BANKREF', value: secret, fieldId: '{processId}', confidential: true },
    ],
  });
  const at = '2026-05-01T10:00:00.000Z';
  const processId = randomUUID();
  db.prepare(
    `INSERT INTO batches (batch_id, profile_id, name, created_at, updated_at, job_kind, job_status,
     job_reason, job_action_json, job_total) VALUES (?, ?, 'Old batch', ?, ?, 'run', 'paused', 'Paused.', ?, 2)`,
  ).run(batchId, profileId, at, at, action);
  const row = db.prepare(
    `INSERT INTO rows (batch_id, row_no, input, input_kind, process_id, external_reference, step_name,
     read_state, action_state) VALUES (?, ?, ?, 'externalReference', ?, ?, 'Back office assessment', 'read', ?)`,
  );
  row.run(batchId, 1, 'FT-000001', processId, 'FT-000001', 'done');
  row.run(batchId, 2, 'FT-000002', randomUUID(), 'FT-000002', 'queued');
  db.prepare(
    `INSERT INTO journal (intent_id, batch_id, row_no, action_json, process_id, external_reference,
     created_at, outcome, message, settled_at) VALUES (?, ?, 1, ?, ?, 'FT-000001', ?, 'done', 'Completed.', ?)`,
  ).run(randomUUID(), batchId, action, processId, at, at);
  db.close();
}

describe('a batches.db written by an earlier version', () => {
  it('loses the confidential value on open, and the paused run asks for it at resume', async () => {
    const secret = `bank-ref-${randomUUID()}`;
    const profileId = randomUUID();
    const batchId = randomUUID();
    writeOldDatabase(profileId, batchId, secret);
    // The old file holds the value: what the migration has to remove.
    expect(filesHolding(secret)).toEqual([file]);

    // No request is made here, so the profile's address is never called.
    const console_ = openService(
      dataDir,
      'http://127.0.0.1:9',
      { keyId: 'old', name: 'old', apiKey: 'k', apiSecret: 's' },
      {
        profileId,
      },
    );
    try {
      const { service } = console_;
      expect(filesHolding(secret)).toEqual([]);
      const job = service.store.summary(batchId).job;
      expect(job).toMatchObject({
        kind: 'run',
        status: 'paused',
        needsValues: [{ code: 'BANKREF', name: 'Bank reference' }],
        reason: expect.stringMatching(
          /Resume with the value of "BANKREF" again; nothing is sent without it\./,
        ),
      });
      const stored = service.store.job(batchId)!.action!;
      expect(stored.kind === 'complete' && stored.fields.map((field) => field.value)).toEqual([
        'Accepted',
        confidentialMask,
      ]);
      expect(JSON.stringify(service.journal.all(batchId))).not.toContain(secret);
      // Without the value the run stays paused and says what it needs.
      const refused = await service.resume(batchId);
      expect(refused.job).toMatchObject({ status: 'paused', needsValues: [{ code: 'BANKREF' }] });
    } finally {
      await console_.close();
    }
    expect(filesHolding(secret)).toEqual([]);
  });
});
