import { describe, expect, it } from 'vitest';
import { capDatabase, createInput, jobEnded, openService } from './helpers';
import { useBatchSandbox } from './limiter';

/*
 * A data folder that refuses writes mid-read (a full disk). Found in the s24 closing note: the read
 * buffer's commit threw out of its timer, which ends the console's process, and a row that could
 * not be marked failed either rejected the job, leaving the batch "running". The fault is SQLite's
 * own: the database is capped at the pages it has (PRAGMA max_page_count), so a write that needs
 * more fails with SQLITE_FULL, "database or disk is full", as it does on a full disk.
 */

const setup = useBatchSandbox();

describe('a batch read whose data folder fills up', () => {
  it('pauses with the sentence, half-writes nothing, and reads every row once resumed', async () => {
    const console_ = openService(setup.sandbox.consoleDir, setup.sandbox.url, setup.sandbox.key);
    const { service, profile } = console_;
    try {
      service.settings({ profileId: profile.id, concurrency: 8, ratePerSecond: 1000 });
      // References the service does not know: each read ends with a sentence, saved like any read.
      const references = Array.from({ length: 600 }, (_, i) => `FT-9${String(i).padStart(5, '0')}`);
      const made = createInput({ profileId: profile.id, text: references.join('\n') });
      if (!made.ok) throw new Error(made.message);
      const { batchId } = service.create(made.value).batch;
      capDatabase(service, null);

      await service.read(batchId);
      const paused = await jobEnded(service, batchId);
      expect(paused.status).toBe('paused');
      expect(paused.reason).toMatch(
        /^The batch paused itself: the console could not save to its data folder \(database or disk is full\)\. Free some disk space, then resume/,
      );
      // Every row is either still to read or wholly saved: no state without its sentence.
      const rows = service.store.rows(batchId);
      expect(rows.filter((row) => row.read === 'failed' && !row.readError)).toEqual([]);
      expect(rows.filter((row) => row.read === 'queued' && row.readError !== null)).toEqual([]);
      expect(rows.filter((row) => row.read === 'queued').length).toBeGreaterThan(0);

      capDatabase(service, 1_000_000);
      await service.resume(batchId);
      const finished = await jobEnded(service, batchId);
      expect(finished.status).toBe('finished');
      const after = service.store.rows(batchId);
      expect(after.map((row) => row.read)).toEqual(references.map(() => 'failed'));
      expect(
        after.every((row) => /was not found|could not be found|no process/i.test(row.readError ?? '')),
      ).toBe(true);
    } finally {
      await console_.close();
    }
  }, 60_000);
});
