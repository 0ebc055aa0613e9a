import { describe, expect, it } from 'vitest';
import { Failure } from '../../../../../src-main/core/failure';
import { createCredentialVault } from '../../../../../src-main/core/secrets/credentials';
import { keyHint } from '../../../../../src-main/core/secrets/credential-codes';
import { createMemorySecretStore } from '../../../../../src-main/core/secrets/memory-secret-store';
import { keychainUnavailable, type SecretStore } from '../../../../../src-main/core/secrets/secret-store';

const key = 'key-SENTINEL-1b2c3d4e5f607f3a';
const secret = 'secret-SENTINEL-9a8b7c6d5e4f';

/** A memory store that counts reads and can be switched off like a locked keychain. */
function countingStore() {
  const inner = createMemorySecretStore();
  const state = { reads: 0, down: false };
  const guard = () => {
    if (state.down) throw keychainUnavailable('it is locked');
  };
  const store: SecretStore = {
    get: async (account) => (guard(), state.reads++, inner.get(account)),
    set: async (account, value) => (guard(), inner.set(account, value)),
    delete: async (account) => (guard(), inner.delete(account)),
  };
  return { store, inner, state };
}

async function failureOf(action: () => Promise<unknown>): Promise<Failure['error']> {
  try {
    await action();
  } catch (error) {
    if (error instanceof Failure) return error.error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('credential vault', () => {
  it('stores one JSON entry per profile and shows only the last 4 of the key', async () => {
    const { store, inner } = countingStore();
    const vault = createCredentialVault({ store });
    expect(await vault.status('p1')).toEqual({ hasCredentials: false, keyHint: null, credentialStore: null });
    const status = await vault.set('p1', { apiKey: `  ${key} `, apiSecret: secret });
    expect(status).toEqual({ hasCredentials: true, keyHint: '7f3a', credentialStore: 'keychain' });
    expect(JSON.parse((await inner.get('p1'))!)).toEqual({ apiKey: key, apiSecret: secret });
    expect(await vault.get('p1')).toEqual({ apiKey: key, apiSecret: secret });
    expect(JSON.stringify([status, await vault.status('p1')])).not.toMatch(/SENTINEL/);
  });

  it('reads the keychain once per session, and again after a failed read', async () => {
    const { store, inner, state } = countingStore();
    await inner.set('p1', JSON.stringify({ apiKey: key, apiSecret: secret }));
    const vault = createCredentialVault({ store });
    state.down = true;
    expect((await failureOf(() => vault.get('p1'))).code).toBe('keychain_unavailable');
    state.down = false;
    await Promise.all([vault.get('p1'), vault.status('p1'), vault.get('p1')]);
    expect(state.reads).toBe(1);
    state.down = true;
    expect((await vault.get('p1')).apiKey).toBe(key);
  });

  it('says unauthorized with a way out when no key is stored, or the entry is damaged', async () => {
    const { store, inner } = countingStore();
    const vault = createCredentialVault({ store });
    expect(await failureOf(() => vault.get('p1'))).toEqual({
      code: 'unauthorized',
      message: 'No API key is stored for this profile; set its credentials first.',
    });
    await inner.set('p2', '{"apiKey": 3}');
    expect((await failureOf(() => vault.get('p2'))).code).toBe('unauthorized');
    expect((await vault.status('p2')).hasCredentials).toBe(false);
  });

  it('rejects empty, long or control-character codes without quoting them', async () => {
    const vault = createCredentialVault({ store: createMemorySecretStore() });
    const cases = [
      { apiKey: '   ', apiSecret: secret },
      { apiKey: key, apiSecret: `${secret}\r\nX-Injected: 1` },
      { apiKey: key, apiSecret: `${secret}\u200b` },
      { apiKey: `${key}${'x'.repeat(512)}`, apiSecret: secret },
      { apiKey: key },
    ];
    for (const input of cases) {
      const error = await failureOf(() => vault.set('p1', input));
      expect(error.code).toBe('invalid_input');
      expect(error.message).not.toMatch(/SENTINEL/);
    }
    expect((await vault.status('p1')).hasCredentials).toBe(false);
  });

  it('clears memory and keychain', async () => {
    const { store, inner } = countingStore();
    const vault = createCredentialVault({ store });
    await vault.set('p1', { apiKey: key, apiSecret: secret });
    await vault.clear('p1');
    expect(await inner.get('p1')).toBeNull();
    expect((await vault.status('p1')).hasCredentials).toBe(false);
  });

  it('passes keychain_unavailable on, and keeps session-only credentials in memory until quit', async () => {
    const { store, inner, state } = countingStore();
    state.down = true;
    const vault = createCredentialVault({ store });
    const error = await failureOf(() => vault.set('p1', { apiKey: key, apiSecret: secret }));
    expect(error.code).toBe('keychain_unavailable');
    expect(error.message).toMatch(/session-only credentials/);
    expect(await vault.set('p1', { apiKey: key, apiSecret: secret }, { sessionOnly: true })).toMatchObject({
      credentialStore: 'session',
    });
    expect(await vault.get('p1')).toEqual({ apiKey: key, apiSecret: secret });
    // Another profile's key is still looked for in the keychain, which says it is down.
    expect((await failureOf(() => vault.status('p2'))).code).toBe('keychain_unavailable');
    // Clearing a session key does not fail on the keychain being down.
    await vault.clear('p1');
    state.down = false;
    expect((await vault.status('p1')).hasCredentials).toBe(false);
    expect(await inner.get('p1')).toBeNull();
  });

  it('can keep one profile in the session while the keychain works, leaving the others there', async () => {
    const { store, inner } = countingStore();
    await inner.set('p1', 'an older key of p1');
    await createCredentialVault({ store }).set('p2', { apiKey: 'other-key-2222', apiSecret: secret });
    const vault = createCredentialVault({ store });
    await vault.set('p1', { apiKey: key, apiSecret: secret }, { sessionOnly: true });
    // The older keychain key of p1 would otherwise come back after a restart.
    expect(await inner.get('p1')).toBeNull();
    expect(await vault.status('p2')).toMatchObject({ credentialStore: 'keychain', keyHint: '2222' });
    expect((await vault.status('p1')).credentialStore).toBe('session');
    await vault.set('p1', { apiKey: key, apiSecret: secret });
    expect((await vault.status('p1')).credentialStore).toBe('keychain');
  });

  it('never shows more than half of a short key', () => {
    expect(keyHint('abcdefgh')).toBe('efgh');
    expect(keyHint('abcdef')).toBe('def');
    expect(keyHint('ab')).toBe('b');
    expect(keyHint('a')).toBeNull();
  });
});

describe('the session-only choice and a keychain that refuses a key', () => {
  it('holds the choice for the session: a key set without saying where stays in memory', async () => {
    const { store, state } = countingStore();
    state.down = true;
    const vault = createCredentialVault({ store });
    vault.chooseSessionOnly(true);
    expect(vault.sessionOnlyChoice()).toBe(true);
    await expect(vault.set('p1', { apiKey: key, apiSecret: secret })).resolves.toMatchObject({
      credentialStore: 'session',
      keyHint: '7f3a',
    });
  });

  it('says the new key was not stored and which key stays in use', async () => {
    const { store, state } = countingStore();
    const vault = createCredentialVault({ store });
    await vault.set('p1', { apiKey: key, apiSecret: secret }, { sessionOnly: true });
    state.down = true;
    const refused = await vault.set('p1', { apiKey: 'other-key-0000', apiSecret: 'other' }).catch((e) => e);
    expect(refused).toBeInstanceOf(Failure);
    expect((refused as Failure).error).toMatchObject({ code: 'keychain_unavailable' });
    expect((refused as Failure).message).toMatch(/^The OS keychain is not available \(it is locked\)\./);
    expect((refused as Failure).message).toContain(
      'The new key was not stored; the key ending in 7f3a is still the one in use for this session.',
    );
    expect(await vault.get('p1')).toEqual({ apiKey: key, apiSecret: secret });
  });
});
