import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/create-core';
import { Failure } from '../../../src-main/core/failure';
import { deleteProfile } from '../../../src-main/core/profile-views';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { sourceDocumentWorker } from '../../support/document-worker';
import { createInput, openService, startBatchSandbox, type BatchSandbox } from './helpers';

/** Deleting a profile takes its batches with it (issue 12 review): they were kept, shown nowhere. */

let sandbox: BatchSandbox;
const folders: string[] = [];

beforeAll(async () => {
  sandbox = await startBatchSandbox();
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function made(profileId: string, items: string[]) {
  const answer = createInput({ profileId, items });
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

describe('deleting a profile', () => {
  it("deletes the profile's batches and keeps the other profiles' ones", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-profile-'));
    folders.push(dataDir);
    const core = await createCore({
      shell: 'web',
      dataDir,
      documentWorker: sourceDocumentWorker,
      secretStore: createMemorySecretStore(),
    });
    try {
      const save = (name: string) =>
        core.profiles.save({ name, baseUrl: 'http://127.0.0.1:9', environment: 'test', keyName: 'Key' });
      const [gone, kept] = [save('Gone'), save('Kept')];
      core.batches().create(made(gone.id, ['FT-000001', 'FT-000002']));
      core.batches().create(made(gone.id, ['FT-000003']));
      const keptBatch = core.batches().create(made(kept.id, ['FT-000004'])).batch;

      await deleteProfile(core, gone.id);
      expect(core.batches().list(gone.id)).toEqual([]);
      expect(
        core
          .batches()
          .list()
          .map((batch) => batch.batchId),
      ).toEqual([keptBatch.batchId]);
    } finally {
      await core.close();
    }
  });

  it('is refused while one of its batches is reading, with nothing deleted', async () => {
    const console_ = openService(join(sandbox.consoleDir, 'forget'), sandbox.url, sandbox.key);
    const { service, profile } = console_;
    try {
      service.settings({ profileId: profile.id, concurrency: 1, ratePerSecond: 2 });
      const references = Array.from({ length: 100 }, (_, n) => `FT-8${String(n).padStart(5, '0')}`);
      const { batchId } = service.create(made(profile.id, references)).batch;
      await service.read(batchId);
      let refused: unknown;
      try {
        service.forgetProfile(profile.id);
      } catch (error) {
        refused = error instanceof Failure ? error.error : error;
      }
      expect(refused).toEqual({
        code: 'conflict',
        message: 'This batch is already running a read or a run; pause or cancel it first.',
      });
      expect(service.list(profile.id).map((batch) => batch.batchId)).toEqual([batchId]);
    } finally {
      await console_.close();
    }
  });
});
