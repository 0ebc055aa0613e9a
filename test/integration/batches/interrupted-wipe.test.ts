import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { batchMigrations, batchSchemaVersion, openBatchDb } from '../../../src-main/core/batches/batch-db';
import { openDurableDatabase, type Migration } from '../../../src-sandbox/storage/sqlite';

/**
 * Migration 3 masks the confidential values earlier versions stored, then wipes their old bytes
 * (VACUUM, WAL checkpoint) after its commit. A console killed between the two must not leave the
 * bytes in the file for good: the next open finishes the wipe (issue 12/15 review).
 */

const dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-wipe-'));
const file = join(dataDir, 'batches', 'batches.db');

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const tooNew = () => new Error('too new');

/** The files of the batches database whose raw bytes hold `value`. */
function filesHolding(value: string): string[] {
  return [file, `${file}-wal`].filter(
    (path) => existsSync(path) && readFileSync(path).includes(Buffer.from(value)),
  );
}

/** A version-2 file whose free pages still hold `secret`: a batch that stored it, since deleted. */
function writeOldDatabase(secret: string) {
  const db = openDurableDatabase(file, {
    migrations: batchMigrations.filter((migration) => migration.version <= 2),
    tooNew,
  });
  const action = JSON.stringify({
    kind: 'complete',
    stepName: 'Back office assessment',
    fields: [
      { name: 'Bank reference', code: 'BANKREF', value: secret, fieldId: '{processId}', confidential: true },
    ],
  });
  const insert = db.prepare(
    `INSERT INTO batches (batch_id, profile_id, name, created_at, updated_at, job_kind, job_status,
     job_reason, job_action_json, job_total) VALUES (?, 'p', ?, 'at', 'at', 'run', 'paused', 'Paused.', ?, 1)`,
  );
  insert.run(randomUUID(), 'Kept batch', action);
  // Batches padded to fill pages of their own, deleted as an earlier version could: their freed
  // pages keep the value, and the few the migration reuses cannot hide that the rest still do.
  for (let index = 0; index < 20; index++) insert.run(randomUUID(), 'x'.repeat(9_000), action);
  db.exec("DELETE FROM batches WHERE name <> 'Kept batch'");
  db.close();
}

/** The migrations as a console killed right after migration 3's commit ran them. */
const killedAfterCommit: Migration[] = batchMigrations.map((migration) =>
  migration.afterCommit
    ? {
        ...migration,
        afterCommit: () => {
          throw new Error('killed after the commit');
        },
      }
    : migration,
);

describe('the wipe of old confidential values, interrupted after the migration committed', () => {
  it('is finished by the next open: the value is gone from the file and its WAL', () => {
    const secret = `bank-ref-${randomUUID()}`;
    writeOldDatabase(secret);
    expect(() => openDurableDatabase(file, { migrations: killedAfterCommit, tooNew })).toThrow(
      'killed after the commit',
    );
    // Migration 3 counts as applied, and the old bytes are still in the file: what a kill leaves.
    expect(filesHolding(secret)).not.toEqual([]);

    const db = openBatchDb(dataDir);
    try {
      expect(filesHolding(secret)).toEqual([]);
      const applied = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get();
      expect(applied).toEqual({ version: batchSchemaVersion });
      expect(db.prepare('SELECT version FROM schema_pending_work').all()).toEqual([]);
      const kept = db.prepare('SELECT job_action_json AS action FROM batches').all() as { action: string }[];
      expect(kept).toHaveLength(1);
      expect(kept[0]!.action).not.toContain(secret);
    } finally {
      db.close();
    }
    expect(filesHolding(secret)).toEqual([]);
  });
});
