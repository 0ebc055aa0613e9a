import { describe, expect, it } from 'vitest';
import type { BatchProgress } from '../../../src-shared/batches';
import type { BatchService } from '../../../src-main/core/batches/batch-service';
import { waitFor } from '../../support/wait-for';
import { completeAccepted, input, jobEnded, openReadBatch, capDatabase } from './helpers';
import { useBatchSandbox } from './limiter';
import { expectEachOnce } from './scenario';

/*
 * A data folder that fills up during a RUN (disk-full.test.ts covers a read). The cap is SQLite's
 * own (PRAGMA max_page_count): a write that needs a new page fails with SQLITE_FULL, while one that
 * fits in a page it has (a row's state rewritten in place) may still pass, as on a disk with a few
 * bytes left. A journal line that cannot be written means nothing is sent: the batch must pause,
 * not mark the row (and every row after it) failed and finish.
 */

const setup = useBatchSandbox();

describe('a batch run whose data folder fills up', () => {
  it('pauses with the sentence, marks no row failed, and completes each process once when resumed', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 60,
      failEvery: Number.MAX_SAFE_INTEGER,
      concurrency: 4,
    });
    const { service, client, audit, profile, batchId, chosen } = console_;
    try {
      expect(chosen.length).toBeGreaterThan(40);
      capDatabase(service, null);
      await service.run(input('batches.run', { batchId, action: completeAccepted, confirm: '' }));
      const paused = await jobEnded(service, batchId);
      const rows = service.store.rows(batchId);
      const states = rows.reduce<Record<string, number>>(
        (n, row) => ({ ...n, [row.action]: (n[row.action] ?? 0) + 1 }),
        {},
      );
      expect({ status: paused.status, states }).toMatchObject({ status: 'paused' });
      expect(paused.reason).toMatch(
        /^The batch paused itself: the console could not save to its data folder/,
      );
      // Nothing was refused by the service: no row may say failed or unknown for the disk.
      expect(rows.filter((row) => row.action === 'failed' || row.action === 'outcome unknown')).toEqual([]);

      capDatabase(service, 1_000_000);
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const counts = await expectEachOnce(service, client, audit, profile.id, batchId, chosen);
      expect(counts).toEqual({ done: chosen.length });
    } finally {
      await console_.close();
    }
  }, 90_000);

  it('keeps a change the service made but the console could not save as sending, and reads it back once resumed', async () => {
    // The folder turns read-only (SQLITE_READONLY, as a disk remounted so) the moment the first
    // completion's answer is back: the service has acted, the console cannot write that it did.
    let service_: BatchService | undefined;
    const ends: BatchProgress[] = [];
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 40,
      failEvery: Number.MAX_SAFE_INTEGER,
      concurrency: 4,
      service: {
        onProgress: (progress) => {
          if (progress.status !== 'running') ends.push(progress);
        },
        wrapClient: (client) => ({
          ...client,
          completeStep: async (...args: Parameters<typeof client.completeStep>) => {
            const answer = await client.completeStep(...args);
            service_?.store.db.exec('PRAGMA query_only = ON');
            return answer;
          },
        }),
      },
    });
    const { service, client, audit, profile, batchId, chosen } = console_;
    service_ = service;
    ends.length = 0; // the read's end
    try {
      await service.run(input('batches.run', { batchId, action: completeAccepted, confirm: '' }));
      // Not even the job's end can be saved: the progress says paused, the database still running.
      const paused = await waitFor(() => ends[0], { what: 'the job to end', timeoutMs: 60_000 });
      expect(paused.status).toBe('paused');
      expect(paused.reason).toContain('(attempt to write a readonly database)');
      expect(service.store.job(batchId)!.status).toBe('running');
      await expect(service.read(batchId)).rejects.toThrow(/has a paused run .*; resume or cancel it first/);
      const rows = service.store.rows(batchId);
      // Sent and not saved: left 'sending' for the read-back, never 'outcome unknown' or failed.
      const sending = rows.filter((row) => row.action === 'sending');
      expect(sending.length).toBeGreaterThan(0);
      // No row is sent once the first outcome could not be saved, but those already in flight.
      expect(sending.length).toBeLessThanOrEqual(4);
      expect(
        rows.filter((row) => chosen.includes(row.rowNo) && !['sending', 'queued'].includes(row.action)),
      ).toEqual([]);

      service.store.db.exec('PRAGMA query_only = OFF');
      service_ = undefined;
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const counts = await expectEachOnce(service, client, audit, profile.id, batchId, chosen);
      expect(counts).toEqual({ done: chosen.length });
      const after = service.store.rows(batchId);
      for (const row of sending) {
        expect(after[row.rowNo - 1]!.actionMessage).toMatch(
          /on reading back after the console stopped|^Completed/,
        );
      }
    } finally {
      await console_.close();
    }
  }, 90_000);

  it('does not call a completion the service made unknown when only its outcome could not be saved', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      forms: 12,
      failEvery: Number.MAX_SAFE_INTEGER,
      concurrency: 1,
    });
    const { service, client, audit, profile, batchId, chosen } = console_;
    // The one write of the first outcome is refused by SQLite itself (read-only for that write
    // only): a disk with room for a row rewritten in place but not for the outcome's longer line.
    const { settle } = service.journal;
    let refused = false;
    service.journal.settle = (...args) => {
      if (refused) return settle(...args);
      refused = true;
      service.store.db.exec('PRAGMA query_only = ON');
      try {
        return settle(...args);
      } finally {
        service.store.db.exec('PRAGMA query_only = OFF');
      }
    };
    try {
      await service.run(input('batches.run', { batchId, action: completeAccepted, confirm: '' }));
      const paused = await jobEnded(service, batchId);
      expect(paused.status).toBe('paused');
      expect(paused.reason).toContain('(attempt to write a readonly database)');
      const rows = service.store.rows(batchId).filter((row) => chosen.includes(row.rowNo));
      expect(rows.map((row) => row.action)).toEqual(['sending', ...rows.slice(1).map(() => 'queued')]);

      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(await expectEachOnce(service, client, audit, profile.id, batchId, chosen)).toEqual({
        done: chosen.length,
      });
    } finally {
      await console_.close();
    }
  }, 90_000);
});
