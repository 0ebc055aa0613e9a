import { createRequire } from 'node:module';
import { Failure } from '../failure';
import { keychainUnavailable, type SecretStore } from './secret-store';

/**
 * The OS keychain through keytar (macOS Keychain, Windows Credential Manager, libsecret on Linux).
 * Every failure, including a missing native module, becomes a `keychain_unavailable` Failure so
 * the console can offer session-only credentials instead. A call that does not answer is not a
 * failure: it is usually a system prompt the user has not answered yet, so it is awaited (see
 * permission-watch.ts, which tells the user meanwhile).
 */

/** The part of keytar the store uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Options for {@link createKeytarSecretStore}; tests replace the loader. */
export interface KeytarSecretStoreOptions {
  service?: string;
  loadKeytar?: () => KeytarModule;
}

/** Keychain service name under which every profile's entry is stored. */
export const keychainService = 'process-console';

const requireNative = createRequire(import.meta.url);

/** A SecretStore backed by keytar, loaded on first use so a broken native module is not a crash at start. */
export function createKeytarSecretStore(options: KeytarSecretStoreOptions = {}): SecretStore {
  const service = options.service ?? keychainService;
  const load = options.loadKeytar ?? (() => requireNative('keytar') as KeytarModule);
  let keytar: KeytarModule | null = null;

  async function run<T>(action: (module: KeytarModule) => Promise<T>, secret: string | null): Promise<T> {
    try {
      keytar ??= load();
    } catch (error) {
      throw keychainUnavailable(`the keychain module could not be loaded: ${shortReason(error, secret)}`);
    }
    try {
      return await action(keytar);
    } catch (error) {
      if (error instanceof Failure) throw error;
      throw keychainUnavailable(shortReason(error, secret));
    }
  }

  return {
    get: (account) => run((module) => module.getPassword(service, account), null),
    set: (account, value) => run((module) => module.setPassword(service, account, value), value),
    delete: (account) => run((module) => module.deletePassword(service, account), null),
  };
}

/**
 * The first line of a native error, short, with the value being stored cut out: keychain messages
 * do not echo secrets today, but this message reaches the user and the log, so make sure.
 */
export function shortReason(error: unknown, secret: string | null): string {
  const raw = error instanceof Error ? error.message : String(error);
  let reason = raw.split('\n')[0]!.trim();
  for (const part of secretParts(secret)) reason = reason.split(part).join('[redacted]');
  reason = reason.replace(/[.\s]+$/, '');
  if (reason.length > 160) reason = `${reason.slice(0, 157)}...`;
  return reason || 'no reason given';
}

function secretParts(secret: string | null): string[] {
  if (!secret) return [];
  const parts = [secret];
  try {
    const parsed: unknown = JSON.parse(secret);
    if (parsed && typeof parsed === 'object') {
      for (const value of Object.values(parsed)) if (typeof value === 'string' && value) parts.push(value);
    }
  } catch {
    // Not JSON: the whole value is the only secret.
  }
  return parts.sort((a, b) => b.length - a.length);
}
