import { describe, expect, it } from 'vitest';
import { headerSecretStore } from '../../../../../src-main/core/inbox/header-secrets';
import { createMemorySecretStore } from '../../../../../src-main/core/secrets/memory-secret-store';
import { keychainUnavailable, type SecretStore } from '../../../../../src-main/core/secrets/secret-store';

const downKeychain: SecretStore = {
  get: async () => {
    throw keychainUnavailable('no Secret Service');
  },
  set: async () => {
    throw keychainUnavailable('no Secret Service');
  },
  delete: async () => {
    throw keychainUnavailable('no Secret Service');
  },
};

describe('shared header secrets', () => {
  it('without a keychain, keeps a generated secret in memory for this session, and refuses a given one', async () => {
    const store = headerSecretStore(downKeychain);
    expect(await store.get('inbox:p1')).toBeNull();
    await expect(store.set('inbox:p1', 'given by the user')).rejects.toThrow(/keychain/);
    expect(await store.setOrKeepForSession('inbox:p1', 'generated-secret')).toBe('session');
    expect(await store.get('inbox:p1')).toBe('generated-secret');
    expect(await store.delete('inbox:p1')).toBe(true);
    expect(await store.get('inbox:p1')).toBeNull();
  });

  it('with a keychain, keeps it there and nothing in memory', async () => {
    const keychain = createMemorySecretStore();
    const store = headerSecretStore(keychain);
    await store.set('inbox:p1', 'kept');
    expect(await keychain.get('inbox:p1')).toBe('kept');
    expect(await store.get('inbox:p1')).toBe('kept');
    expect(await store.setOrKeepForSession('inbox:p2', 'generated')).toBe('keychain');
    expect(await keychain.get('inbox:p2')).toBe('generated');
  });

  it('passes on an error that is not the keychain being unavailable', async () => {
    const broken: SecretStore = { ...downKeychain, set: async () => Promise.reject(new Error('bug')) };
    await expect(headerSecretStore(broken).setOrKeepForSession('inbox:p1', 'x')).rejects.toThrow('bug');
  });
});
