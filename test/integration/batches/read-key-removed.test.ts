import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCredentialVault } from '../../../src-main/core/secrets/credentials';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { createInput, jobEnded, openService, submitForms } from './helpers';
import { useBatchSandbox } from './limiter';

/*
 * Review finding (s24rc): a read whose profile lost its API key mid-read (the key removed in the
 * profile's settings, from another window) marked every row still to read "failed" with the same
 * sentence, within a second, as nothing was sent for any of them. The read now pauses with that
 * sentence instead, the rows left queued, and goes on once the key is back.
 */

const setup = useBatchSandbox();

describe('a batch read whose API key is removed halfway', () => {
  it('pauses with the reason instead of failing every row left, and finishes once the key is back', async () => {
    const profileId = randomUUID();
    // The console's own vault over an in-memory store: `clear` is what removing the key does.
    const vault = createCredentialVault({ store: createMemorySecretStore() });
    const key = { apiKey: setup.sandbox.key.apiKey, apiSecret: setup.sandbox.key.apiSecret };
    await vault.set(profileId, key, { sessionOnly: true });
    let removedAt: number | null = null;
    const console_ = openService(setup.sandbox.consoleDir, setup.sandbox.url, setup.sandbox.key, {
      profileId,
      credentials: vault,
      onProgress: (progress) => {
        if (removedAt === null && progress.status === 'running' && progress.done >= 5) {
          removedAt = progress.done;
          void vault.clear(profileId);
        }
      },
    });
    try {
      const { service } = console_;
      const started = await submitForms(setup.sandbox.url, 40, 1_000);
      // Slow enough that the key goes while most rows are still to read.
      service.settings({ profileId, concurrency: 2, ratePerSecond: 20 });
      const made = createInput({ profileId, text: started.map((p) => p.externalReference).join('\n') });
      if (!made.ok) throw new Error(made.message);
      const { batchId } = service.create(made.value).batch;
      await service.read(batchId);
      const stopped = await jobEnded(service, batchId);
      expect(removedAt).not.toBeNull();
      expect(stopped.status).toBe('paused');
      expect(stopped.reason).toMatch(/No API key is stored for this profile/);
      const paused = service.store.summary(batchId).counts;
      expect(paused.read.failed).toBe(0);
      expect(paused.read.queued).toBeGreaterThan(0);

      await vault.set(profileId, key, { sessionOnly: true });
      await service.resume(batchId);
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const counts = service.store.summary(batchId).counts;
      expect(counts.read).toMatchObject({ read: 40, failed: 0, queued: 0 });
    } finally {
      await console_.close();
    }
  }, 60_000);
});
