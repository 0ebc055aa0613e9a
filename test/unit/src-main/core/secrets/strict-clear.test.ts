import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../../../support/document-worker';
import { createCore } from '../../../../../src-main/core/create-core';
import { createMemorySecretStore } from '../../../../../src-main/core/secrets/memory-secret-store';
import { keychainUnavailable, type SecretStore } from '../../../../../src-main/core/secrets/secret-store';
import { dispatch } from '../../../../../src-main/handlers';

/** The real store's behaviour with the keychain switched off and on, as a locked keyring does. */
function switchableKeychain() {
  const inner = createMemorySecretStore();
  let up = true;
  const guard = <T>(call: () => Promise<T>) => (up ? call() : Promise.reject(keychainUnavailable('locked')));
  const store: SecretStore = {
    get: (account) => guard(() => inner.get(account)),
    set: (account, value) => guard(() => inner.set(account, value)),
    delete: (account) => guard(() => inner.delete(account)),
  };
  return { store, inner, setUp: (value: boolean) => (up = value) };
}

describe('a key given for one address never comes back for another', () => {
  it('refuses to move a profile while its old keychain key cannot be removed, then removes it', async () => {
    const keychain = switchableKeychain();
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-strict-clear-'));
    const core = await createCore({
      shell: 'web',
      dataDir,
      secretStore: keychain.store,
      documentWorker: sourceDocumentWorker,
    });
    try {
      const saved = await dispatch(core, 'profiles.save', {
        name: 'Tenant A',
        baseUrl: 'https://a.example.com',
        environment: 'test',
        keyName: 'Back office key',
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const profileId = (saved.value as { id: string }).id;
      await dispatch(core, 'profiles.setCredentials', { profileId, apiKey: 'key-a', apiSecret: 'secret-a' });
      keychain.setUp(false);
      await dispatch(core, 'profiles.setCredentials', {
        profileId,
        apiKey: 'key-session',
        apiSecret: 'secret-session',
        sessionOnly: true,
      });
      const moved = await dispatch(core, 'profiles.save', {
        id: profileId,
        name: 'Tenant A',
        baseUrl: 'https://b.example.com',
        environment: 'test',
        keyName: 'Back office key',
      });
      expect(moved).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
      expect(!moved.ok && moved.error.message).toMatch(/Unlock it and save again/);
      expect(await keychain.inner.get(profileId)).not.toBeNull();

      keychain.setUp(true);
      const movedNow = await dispatch(core, 'profiles.save', {
        id: profileId,
        name: 'Tenant A',
        baseUrl: 'https://b.example.com',
        environment: 'test',
        keyName: 'Back office key',
      });
      expect(movedNow).toMatchObject({ ok: true, value: { hasCredentials: false } });
      expect(await keychain.inner.get(profileId)).toBeNull();
    } finally {
      await core.close();
    }
  });
});
