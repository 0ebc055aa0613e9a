import { Failure } from '../failure';
import type { SecretStore } from '../secrets/secret-store';
import type { SecretKeptIn } from '../../../src-shared/inbox';

/**
 * Where the receivers' shared header secrets are kept: the OS keychain, or, while it is not
 * available, this process's memory until it quits (as session-only credentials are). A receiver
 * switched on without a keychain still requires its header instead of failing to start, and a
 * header it requires is never left without a secret to compare with in this session.
 */
export interface HeaderSecretStore extends SecretStore {
  /** Keeps the secret in the keychain, or in memory for this session when there is none; says which. */
  setOrKeepForSession(account: string, value: string): Promise<SecretKeptIn>;
}

/** `set` stays strict (a secret the user gives must reach the keychain, or fail saying so). */
export function headerSecretStore(keychain: SecretStore): HeaderSecretStore {
  const session = new Map<string, string>();
  const unavailable = (error: unknown) =>
    error instanceof Failure && error.error.code === 'keychain_unavailable';
  return {
    async get(account) {
      if (session.has(account)) return session.get(account)!;
      try {
        return await keychain.get(account);
      } catch (error) {
        if (unavailable(error)) return null;
        throw error;
      }
    },
    async set(account, value) {
      await keychain.set(account, value);
      session.delete(account);
    },
    async setOrKeepForSession(account, value) {
      try {
        await keychain.set(account, value);
        session.delete(account);
        return 'keychain';
      } catch (error) {
        if (!unavailable(error)) throw error;
        session.set(account, value);
        return 'session';
      }
    },
    async delete(account) {
      const had = session.delete(account);
      try {
        return (await keychain.delete(account)) || had;
      } catch (error) {
        if (unavailable(error)) return had;
        throw error;
      }
    },
  };
}
