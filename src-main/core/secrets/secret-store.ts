import { Failure } from '../failure';

/**
 * Where API keys live: the OS keychain in the console, memory in unit tests and in session-only
 * mode. Values are opaque strings here; the credential vault gives them their shape.
 */

/** A keychain-like store of one string per account. Methods throw `keychain_unavailable` Failures. */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  /** True when an entry was removed. */
  delete(account: string): Promise<boolean>;
}

/** The Failure every keychain problem becomes: what went wrong, without secrets, and what to do. */
export function keychainUnavailable(reason: string): Failure {
  return new Failure(
    'keychain_unavailable',
    `The OS keychain is not available (${reason}). Unlock it or start its service (on Linux: ` +
      'gnome-keyring or another Secret Service), or use session-only credentials, which are kept in ' +
      'memory until the console quits.',
    { retryable: true },
  );
}
