import type { KeychainAvailability } from '../../src-shared/app-types';
import { Failure } from './failure';
import { permissionPromptAfterMs, settleWithin, type WatchedSecretStore } from './secrets/permission-watch';

/** Whether the OS keychain answers, and if not, the sentence that says what to do. */
export interface KeychainState {
  state: KeychainAvailability;
  message: string | null;
}

/** The banner's sentence while a keychain call waits on a system prompt. */
export const waitingForPermissionMessage =
  'Waiting for permission to use the keychain: answer the system prompt.';

const waiting: KeychainState = { state: 'waiting', message: waitingForPermissionMessage };

/** Timings of {@link createKeychainProbe}; tests shorten them. */
export interface KeychainProbeOptions {
  /** How long an answer is reused. */
  intervalMs?: number;
  /** How long the probe waits for its own question before answering "waiting". */
  thresholdMs?: number;
}

/**
 * Asks the keychain a harmless question (an entry that never exists), at most every 30 s, so the
 * profiles screen can say up front that credentials cannot be stored, instead of failing later.
 * While any keychain call waits on a system prompt, the answer is "waiting", never "unavailable":
 * the question stays asked (not repeated, so no second prompt) and its answer is used when it comes.
 */
export function createKeychainProbe(
  store: WatchedSecretStore,
  options: KeychainProbeOptions = {},
): () => Promise<KeychainState> {
  const intervalMs = options.intervalMs ?? 30_000;
  const thresholdMs = options.thresholdMs ?? permissionPromptAfterMs;
  let last: { at: number; state: KeychainState } | null = null;
  let asking: Promise<KeychainState> | null = null;

  async function ask(): Promise<KeychainState> {
    let state: KeychainState;
    try {
      await store.get('process-console-probe');
      state = { state: 'available', message: null };
    } catch (error) {
      state = {
        state: 'unavailable',
        message: error instanceof Failure ? error.message : 'The OS keychain is not available.',
      };
    }
    last = { at: Date.now(), state };
    return state;
  }

  return async () => {
    if (store.waitingForPermission()) return waiting;
    if (last && Date.now() - last.at < intervalMs) return last.state;
    asking ??= ask().finally(() => {
      asking = null;
    });
    return (await settleWithin(asking, thresholdMs))?.value ?? waiting;
  };
}

/**
 * The one line the shells print at start when there is no keychain, so whoever ran `npm start` or
 * `npm run web` learns it from the terminal, not only from the Profiles screen; null otherwise
 * (a keychain waiting on a system prompt is not missing).
 */
export function missingKeychainLine(keychain: KeychainState): string | null {
  if (keychain.state !== 'unavailable') return null;
  return (
    'No OS keychain answers, so API keys cannot be kept across restarts; the console can keep them ' +
    'for this session only. To use a keychain, see "Without a keychain" in README.md.'
  );
}
