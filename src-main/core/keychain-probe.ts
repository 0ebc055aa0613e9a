import { Failure } from './failure';
import type { SecretStore } from './secrets/secret-store';

/** Whether the OS keychain answers, and if not, the sentence that says what to do. */
export interface KeychainState {
  available: boolean;
  message: string | null;
}

/**
 * Asks the keychain a harmless question (an entry that never exists), at most every 30 s, so the
 * profiles screen can say up front that credentials cannot be stored, instead of failing later.
 */
export function createKeychainProbe(store: SecretStore, intervalMs = 30_000): () => Promise<KeychainState> {
  let last: { at: number; state: KeychainState } | null = null;
  return async () => {
    if (last && Date.now() - last.at < intervalMs) return last.state;
    let state: KeychainState;
    try {
      await store.get('process-console-probe');
      state = { available: true, message: null };
    } catch (error) {
      state = {
        available: false,
        message: error instanceof Failure ? error.message : 'The OS keychain is not available.',
      };
    }
    last = { at: Date.now(), state };
    return state;
  };
}
