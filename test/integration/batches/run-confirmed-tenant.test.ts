import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../src-shared/logs';
import { completeAccepted, input, jobEnded, openReadBatch, openService } from './helpers';
import { useBatchSandbox } from './limiter';

/*
 * Review finding (s26): a run's typed count was checked once, when it started, against the
 * profile then; each row met the client's per-change live rule with its own reference. A run
 * confirmed on a test profile and resumed after the profile was made live, or pointed at another
 * tenant, changed that tenant with no count typed. The run now keeps what it was confirmed on and
 * goes on only there: Resume (after a restart too) and every row check it, sending nothing else.
 */

const setup = useBatchSandbox();
let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

const posts = (requests: RequestLogEntry[]) => requests.filter((entry) => entry.method === 'POST').length;

/** A test console with a batch read of 5 processes at the assessment, and a run of them paused with rows left. */
async function pausedRun() {
  dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-tenant-'));
  // Only the first back office call fails: 5 of 6 processes wait at the assessment.
  const console_ = await openReadBatch(setup.sandbox, { forms: 6, failEvery: 100, concurrency: 1, dataDir });
  const { service, profile, batchId, chosen } = console_;
  try {
    service.settings({ profileId: profile.id, concurrency: 1, ratePerSecond: 1 });
    const run = input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' });
    await expect(service.run(run)).resolves.toMatchObject({ kind: 'started', count: 5 });
    expect((await service.pause(batchId)).job).toMatchObject({ status: 'paused' });
    expect(service.store.pendingRows(batchId, 'run').length).toBeGreaterThan(0);
    service.settings({ profileId: profile.id, concurrency: 4, ratePerSecond: 1000 });
    return console_;
  } catch (error) {
    await console_.close();
    throw error;
  }
}

describe('a run confirmed on a test profile', () => {
  it('is not resumed once the profile is live, and says to run it again to confirm it for live', async () => {
    const console_ = await pausedRun();
    const { service, profile, profiles, requests, batchId } = console_;
    try {
      const before = posts(requests);
      profiles.set(profile.id, { ...profile, environment: 'live' });
      const sentence =
        `This run was confirmed on the test profile "${profile.name}" (${profile.baseUrl}, key ${profile.keyName}); ` +
        'the profile is now live. Cancel it and run it again to review and confirm it for live.';
      await expect(service.resume(batchId)).rejects.toMatchObject({
        error: { code: 'conflict', message: sentence },
      });
      expect(service.store.summary(batchId).job).toMatchObject({ status: 'paused', reason: sentence });
      expect(posts(requests)).toBe(before);

      // What the sentence says works: cancelled, the run is reviewed again and asks for the count.
      await service.cancel(batchId);
      const again = (confirm?: string) =>
        service.run(
          input('batches.run', { batchId, action: completeAccepted, ...(confirm ? { confirm } : {}) }),
        );
      const review = await again();
      expect(review).toMatchObject({ kind: 'review', environment: 'live' });
      const count = review.kind === 'review' ? review.count : 0;
      expect(review).toMatchObject({ confirmation: { expected: String(count) } });
      await expect(again(String(count))).resolves.toMatchObject({ kind: 'started', count });
      await jobEnded(service, batchId);
      expect(posts(requests) - before).toBe(count);
    } finally {
      await console_.close();
    }
  }, 90_000);

  it('is not resumed after a restart once the profile points at another address', async () => {
    const first = await pausedRun();
    const { profile, batchId } = first;
    await first.close();
    // The same service under another name stands for another tenant: the console cannot tell them apart.
    const elsewhere = profile.baseUrl.replace('127.0.0.1', 'localhost');
    const second = openService(dataDir!, elsewhere, setup.sandbox.key, { profileId: profile.id });
    try {
      const refused = second.service.resume(batchId);
      await expect(refused).rejects.toMatchObject({
        error: {
          code: 'conflict',
          message:
            `This run was confirmed on the test profile "${profile.name}" (${profile.baseUrl}, key ${profile.keyName}); ` +
            `it now points at ${elsewhere}. Cancel it and run it again to review and confirm it.`,
        },
      });
      expect(second.requests).toEqual([]);
      expect(second.service.store.job(batchId)).toMatchObject({ kind: 'run', status: 'paused' });
    } finally {
      await second.close();
    }
  }, 90_000);

  // Each row checks the profile before its read and again just before its change is sent.
  const moments = [
    { when: 'as its first change is answered', edit: (seen: RequestLogEntry[]) => posts(seen) === 1 },
    {
      when: "between the next row's read and its change",
      edit: (seen: RequestLogEntry[]) => posts(seen) === 1 && seen.at(-1)!.method === 'GET',
    },
  ];
  for (const { when, edit } of moments)
    it(`pauses itself, sending nothing more, when the profile is made live ${when}`, async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-tenant-'));
      const seen: RequestLogEntry[] = [];
      const run = { makeLive: () => undefined as void };
      const console_ = await openReadBatch(setup.sandbox, {
        forms: 6,
        failEvery: 100,
        concurrency: 1,
        dataDir,
        service: {
          recorder: {
            record(entry) {
              seen.push(entry);
              if (edit(seen)) run.makeLive();
            },
          },
        },
      });
      const { service, profile, profiles, batchId, chosen } = console_;
      try {
        run.makeLive = () => void profiles.set(profile.id, { ...profile, environment: 'live' });
        const started = input('batches.run', {
          batchId,
          action: completeAccepted,
          rows: chosen,
          confirm: '',
        });
        await expect(service.run(started)).resolves.toMatchObject({ kind: 'started', count: 5 });
        expect(await jobEnded(service, batchId)).toMatchObject({
          status: 'paused',
          reason: expect.stringMatching(
            /^The batch paused itself: This run was confirmed on the test profile .*; the profile is now live\. Cancel it and run it again to review and confirm it for live\.$/,
          ),
        });
        expect(posts(seen)).toBe(1);
        expect(service.store.summary(batchId).counts.action).toMatchObject({ done: 1, queued: 4, failed: 0 });
      } finally {
        await console_.close();
      }
    }, 90_000);

  it("is not resumed once the profile's endpoint map sends its changes to other paths", async () => {
    const console_ = await pausedRun();
    const { service, profile, profiles, requests, batchId } = console_;
    try {
      const before = posts(requests);
      // Same base URL, key and environment: on a gateway that routes tenants by path, another tenant.
      const path = '/tenant-b/open-api/processes/{processId}/steps/{stepId}/complete';
      profiles.set(profile.id, { ...profile, endpoints: { completeStep: { method: 'POST', path } } });
      await expect(service.resume(batchId)).rejects.toMatchObject({
        error: {
          code: 'conflict',
          message:
            `This run was confirmed on the test profile "${profile.name}" (${profile.baseUrl}, key ${profile.keyName}); ` +
            'its endpoint map now sends requests to other paths. Cancel it and run it again to review and confirm it.',
        },
      });
      expect(posts(requests)).toBe(before);
    } finally {
      await console_.close();
    }
  }, 90_000);
});
