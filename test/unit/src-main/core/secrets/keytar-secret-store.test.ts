import { describe, expect, it } from 'vitest';
import { Failure } from '../../../../../src-main/core/failure';
import {
  createKeytarSecretStore,
  shortReason,
  type KeytarModule,
} from '../../../../../src-main/core/secrets/keytar-secret-store';

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

describe('keytar secret store (with a stand-in for the native module)', () => {
  it('passes service and account through', async () => {
    const calls: string[] = [];
    const module: KeytarModule = {
      getPassword: async (service, account) => (calls.push(`get ${service} ${account}`), 'value'),
      setPassword: async (service, account) => void calls.push(`set ${service} ${account}`),
      deletePassword: async (service, account) => (calls.push(`delete ${service} ${account}`), true),
    };
    const store = createKeytarSecretStore({ loadKeytar: () => module });
    expect(await store.get('p1')).toBe('value');
    await store.set('p1', 'v');
    expect(await store.delete('p1')).toBe(true);
    expect(calls).toEqual(['get process-console p1', 'set process-console p1', 'delete process-console p1']);
  });

  it('turns a missing native module into keychain_unavailable', async () => {
    const store = createKeytarSecretStore({
      loadKeytar: () => {
        throw new Error("Cannot find module '../build/Release/keytar.node'");
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
    const store = createKeytarSecretStore({
      loadKeytar: () => ({
        getPassword: () => new Promise<string>((resolve) => (answer = resolve)),
        setPassword: never,
        deletePassword: never,
      }),
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
    const store = createKeytarSecretStore({
      loadKeytar: () => ({
        getPassword: never,
        deletePassword: never,
        setPassword: async (_s, _a, password) => {
          throw new Error(`refused ${password} and SECRET-SENTINEL\nstack line`);
        },
      }),
    });
    const error = await failureOf(() => store.set('p1', value));
    expect(error.code).toBe('keychain_unavailable');
    expect(error.message).toContain('(refused [redacted] and [redacted])');
    expect(error.message).not.toMatch(/SENTINEL|stack line/);
  });

  it('keeps reasons short', () => {
    expect(shortReason(new Error('x'.repeat(400)), null)).toHaveLength(160);
    expect(shortReason(new Error(''), null)).toBe('no reason given');
    expect(shortReason('Could not connect: No such file or directory.', null)).toBe(
      'Could not connect: No such file or directory',
    );
  });
});
