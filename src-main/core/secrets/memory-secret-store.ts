import type { SecretStore } from './secret-store';

/** A SecretStore in main-process memory: the fake for unit tests and the home of session-only credentials. */
export function createMemorySecretStore(): SecretStore {
  const entries = new Map<string, string>();
  return {
    get: async (account) => entries.get(account) ?? null,
    set: async (account, value) => {
      entries.set(account, value);
    },
    delete: async (account) => entries.delete(account),
  };
}
