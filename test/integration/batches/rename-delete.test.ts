import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Failure } from '../../../src-main/core/failure';
import { createInput, input, openService } from './helpers';
import { useBatchSandbox } from './limiter';

/**
 * Naming, renaming and deleting a batch (issue 12 review): a batch made without a name is named by
 * its count and local time; a batch whose read is running cannot be deleted from under it; once
 * paused it can, and the calls that follow say it is gone; names survive a restart and may repeat.
 */

const setup = useBatchSandbox();

const references = Array.from({ length: 300 }, (_, n) => `FT-9${String(n).padStart(5, '0')}`);

/** The failure a call was refused with, as the bridge would hand it to the renderer. */
async function refusal(call: () => unknown) {
  try {
    await call();
  } catch (thrown) {
    if (thrown instanceof Failure) return thrown.error;
    throw thrown;
  }
  throw new Error('expected a refusal');
}

/** `batches.create`'s input as the contract validates it. */
function made(profileId: string, items: string[], name?: string) {
  const answer = createInput({ profileId, items, ...(name ? { name } : {}) });
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

describe('deleting a batch', () => {
  it('is refused while its read runs; once paused it goes, and resuming or reading it says so', async () => {
    const console_ = openService(
      join(setup.sandbox.consoleDir, 'delete'),
      setup.sandbox.url,
      setup.sandbox.key,
    );
    const { service, profile } = console_;
    try {
      // Slow enough that the read is still running when the delete arrives.
      service.settings({ profileId: profile.id, concurrency: 1, ratePerSecond: 2 });
      const { batchId } = service.create(made(profile.id, references)).batch;
      expect((await service.read(batchId)).job).toMatchObject({ kind: 'read', status: 'running' });

      expect(await refusal(() => service.delete(batchId))).toEqual({
        code: 'conflict',
        message: 'This batch is already running a read or a run; pause or cancel it first.',
      });
      expect(service.store.summary(batchId).counts.rows).toBe(300);

      await service.pause(batchId);
      service.delete(batchId);
      const gone = { code: 'not_found', message: `There is no batch ${batchId}; it may have been deleted.` };
      expect(await refusal(() => service.resume(batchId))).toEqual(gone);
      expect(await refusal(() => service.read(batchId))).toEqual(gone);
      expect(await refusal(() => service.get(batchId, pageQuery))).toEqual(gone);
      expect(service.list(profile.id)).toEqual([]);
    } finally {
      await console_.close();
    }
  });
});

describe('a batch made without a name', () => {
  // The machine's time zone for these tests: one far from UTC, where the day differs from UTC's.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Australia/Sydney';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('is named by its count of processes and the local time it was made', async () => {
    // 09:30 on 15 January in Sydney (summer time, UTC+11).
    const now = () => new Date('2025-01-14T22:30:00Z');
    const console_ = openService(
      join(setup.sandbox.consoleDir, 'default-name'),
      setup.sandbox.url,
      setup.sandbox.key,
      {
        now,
      },
    );
    const { service, profile } = console_;
    try {
      service.create(made(profile.id, ['FT-000001']));
      service.create(made(profile.id, references.concat(Array.from({ length: 1_000 }, (_, n) => `BW-${n}`))));
      expect(
        service
          .list(profile.id)
          .map((batch) => batch.name)
          .sort(),
      ).toEqual(['1 process, 2025-01-15 09:30', '1,300 processes, 2025-01-15 09:30']);
    } finally {
      await console_.close();
    }
  });
});

describe('renaming a batch', () => {
  it('keeps the new name after a restart, and two batches may share a name', async () => {
    const dataDir = join(setup.sandbox.consoleDir, 'rename');
    const first = openService(dataDir, setup.sandbox.url, setup.sandbox.key);
    const profileId = first.profile.id;
    let ids: string[];
    try {
      const a = first.service.create(made(profileId, ['FT-000001'], 'Monday')).batch;
      const b = first.service.create(made(profileId, ['FT-000002'], 'Tuesday')).batch;
      expect(first.service.rename(b.batchId, 'Monday')).toMatchObject({ name: 'Monday' });
      ids = [a.batchId, b.batchId];
    } finally {
      await first.close();
    }
    const again = openService(dataDir, setup.sandbox.url, setup.sandbox.key, { profileId });
    try {
      const listed = again.service.list(profileId);
      expect(listed.map((batch) => [batch.batchId, batch.name]).sort()).toEqual(
        ids.map((id) => [id, 'Monday']).sort(),
      );
      expect(listed.every((batch) => batch.job.kind === 'idle')).toBe(true);
    } finally {
      await again.close();
    }
  });
});

const pageQuery = input('batches.get', { batchId: '00000000-0000-4000-8000-000000000000' });
