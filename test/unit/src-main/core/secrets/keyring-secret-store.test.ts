import { describe, expect, it } from 'vitest';
import { Failure } from '../../../../../src-main/core/failure';
import {
  createKeyringSecretStore,
  shortReason,
  type KeyringEntry,
  type KeyringModule,
  type LegacyReader,
} from '../../../../../src-main/core/secrets/keyring-secret-store';

/** A stand-in for the native module from three entry functions. */
function moduleOf(entry: {
  get?: (service: string, account: string) => Promise<string | null>;
  set?: (service: string, account: string, password: string) => Promise<void>;
  delete?: (service: string, account: string) => Promise<boolean>;
}): KeyringModule {
  return {
    entry: (service, account): KeyringEntry => ({
      getPassword: () => (entry.get ?? never)(service, account),
      setPassword: (password) => (entry.set ?? never)(service, account, password),
      deletePassword: () => (entry.delete ?? never)(service, account),
    }),
  };
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

const never = () => new Promise<never>(() => undefined);

describe('keyring secret store (with a stand-in for the native module)', () => {
  it('passes service and account through', async () => {
    const calls: string[] = [];
    const module = moduleOf({
      get: async (service, account) => (calls.push(`get ${service} ${account}`), 'value'),
      set: async (service, account) => void calls.push(`set ${service} ${account}`),
      delete: async (service, account) => (calls.push(`delete ${service} ${account}`), true),
    });
    const store = createKeyringSecretStore({ loadKeyring: () => module, legacy: null });
    expect(await store.get('p1')).toBe('value');
    await store.set('p1', 'v');
    expect(await store.delete('p1')).toBe(true);
    expect(calls).toEqual(['get process-console p1', 'set process-console p1', 'delete process-console p1']);
  });

  it('turns a missing native module into keychain_unavailable', async () => {
    const store = createKeyringSecretStore({
      legacy: null,
      loadKeyring: () => {
        throw new Error("Cannot find module '@napi-rs/keyring-linux-x64-gnu'");
      },
    });
    const error = await failureOf(() => store.get('p1'));
    expect(error.code).toBe('keychain_unavailable');
    expect(error.message).toMatch(
      /^The OS keychain is not available \(the keychain module could not be loaded: /,
    );
    expect(error.message).toMatch(
      /use session-only credentials, which are kept in memory until the console quits\.$/,
    );
  });

  it('keeps waiting for a keychain call that has not answered: a system prompt may be open', async () => {
    let answer: (value: string) => void = () => undefined;
    const store = createKeyringSecretStore({
      legacy: null,
      loadKeyring: () => moduleOf({ get: () => new Promise<string>((resolve) => (answer = resolve)) }),
    });
    const reading = store.get('p1');
    // The behaviour under test is an absence (the read stays pending while the prompt is open),
    // which nothing signals: give it a bounded window to settle, then answer the prompt.
    const early = await Promise.race([
      reading,
      new Promise((resolve) => setTimeout(resolve, 100, 'pending')),
    ]);
    expect(early).toBe('pending');
    answer('allowed');
    expect(await reading).toBe('allowed');
  });

  it('never repeats the stored value in its message', async () => {
    const value = JSON.stringify({ apiKey: 'KEY-SENTINEL', apiSecret: 'SECRET-SENTINEL' });
    const store = createKeyringSecretStore({
      legacy: null,
      loadKeyring: () =>
        moduleOf({
          set: async (_s, _a, password) => {
            throw new Error(`refused ${password} and SECRET-SENTINEL\nstack line`);
          },
        }),
    });
    const error = await failureOf(() => store.set('p1', value));
    expect(error.code).toBe('keychain_unavailable');
    expect(error.message).toContain('(refused [redacted] and [redacted])');
    expect(error.message).not.toMatch(/SENTINEL|stack line/);
  });

  it('finds a key an earlier build stored, copies it to the new entry once, and deletes both', async () => {
    const entries = new Map<string, string>();
    const earlier = new Map([['p1', 'old-key']]);
    const legacyCalls: string[] = [];
    const legacy: LegacyReader = {
      get: async (_service, account) => (legacyCalls.push(`get ${account}`), earlier.get(account) ?? null),
      delete: async (_service, account) =>
        void (legacyCalls.push(`delete ${account}`), earlier.delete(account)),
    };
    const store = createKeyringSecretStore({
      legacy,
      loadKeyring: () =>
        moduleOf({
          get: async (_s, account) => entries.get(account) ?? null,
          set: async (_s, account, value) => void entries.set(account, value),
          delete: async (_s, account) => entries.delete(account),
        }),
    });
    expect(store.readsEarlierKeys).toBe(true);
    expect(await store.get('p1')).toBe('old-key');
    expect(entries.get('p1')).toBe('old-key');
    expect(await store.get('p1')).toBe('old-key');
    expect(await store.get('p2')).toBeNull();
    expect(await store.get('p2')).toBeNull();
    // Each account is looked for once in the earlier build's place.
    expect(legacyCalls).toEqual(['get p1', 'get p2']);
    expect(await store.delete('p1')).toBe(true);
    expect(earlier.has('p1')).toBe(false);
    expect(await store.get('p1')).toBeNull();
  });

  it("says when an earlier build's keys cannot be read here", () => {
    const store = createKeyringSecretStore({ legacy: null, loadKeyring: () => moduleOf({}) });
    expect(store.readsEarlierKeys).toBe(false);
  });

  it('keeps reasons short', () => {
    expect(shortReason(new Error('x'.repeat(400)), null)).toHaveLength(160);
    expect(shortReason(new Error(''), null)).toBe('no reason given');
    expect(shortReason('Could not connect: No such file or directory.', null)).toBe(
      'Could not connect: No such file or directory',
    );
  });
});
