import { Failure } from '../failure';
import type { CredentialSource, Credentials } from '../ports';
import { decodeCredentials, encodeCredentials, keyHint, parseCredentials } from './credential-codes';
import { createMemorySecretStore } from './memory-secret-store';
import type { SecretStore } from './secret-store';

/**
 * Each profile's API key, kept in the keychain (or, by the user's choice, in memory until quit) and
 * handed only to the API client. Everything else gets a {@link CredentialStatus}: whether a key is
 * stored and its last characters, never the key or the secret.
 */

/** What may be shown of a profile's credentials. */
export interface CredentialStatus {
  hasCredentials: boolean;
  /** Last 4 characters of the API key (never of the secret); null without credentials. */
  keyHint: string | null;
  credentialStore: 'keychain' | 'session' | null;
  /**
   * Present when no key is found for a profile that existed before the keychain binding changed,
   * on a system where the earlier build's entry cannot be read: its key must be set again.
   */
  setAgain?: true;
}

/** Options of {@link CredentialVault.set}. */
export interface SetCredentialsOptions {
  /**
   * Keep these credentials in memory only, even when the keychain works. A choice about this
   * profile's key alone: other profiles' keys stay where they are.
   */
  sessionOnly?: boolean;
}

/** The credentials of every profile; methods throw `keychain_unavailable` or `invalid_input` Failures. */
export interface CredentialVault extends CredentialSource {
  /** Validates and stores `input` (`{apiKey, apiSecret}`). */
  set(profileId: string, input: unknown, options?: SetCredentialsOptions): Promise<CredentialStatus>;
  /**
   * Forgets a profile's credentials, in memory and in the keychain. `strict`: the keychain copy
   * must go (the key no longer fits the profile), so a keychain that cannot delete is an error.
   */
  clear(profileId: string, options?: { strict?: boolean }): Promise<void>;
  status(profileId: string): Promise<CredentialStatus>;
  /** For the API client only; throws an `unauthorized` Failure when none are stored. */
  get(profileId: string): Promise<Credentials>;
  /**
   * The user's choice, held for this session (main's memory, not a screen's state): keys set
   * without saying otherwise are kept in memory only. Chosen where the keychain is missing.
   */
  sessionOnlyChoice(): boolean;
  chooseSessionOnly(sessionOnly: boolean): void;
}

type Found = { credentials: Credentials; where: 'keychain' | 'session' } | null;

/** Options of {@link createCredentialVault}. */
export interface CredentialVaultOptions {
  /** The OS keychain store in the console, the memory store in unit tests. */
  store: SecretStore;
  /** Whether a profile without a key may have had one the earlier build stored, unreadable here. */
  earlierKeyLost?: (profileId: string) => boolean;
}

/** Builds the vault over `store`. */
export function createCredentialVault({ store, earlierKeyLost }: CredentialVaultOptions): CredentialVault {
  const session = createMemorySecretStore();
  // Read once per session: a locked keychain may prompt the user, so do not ask again on each call.
  const keychainCache = new Map<string, Promise<Credentials | null>>();
  let sessionOnlyChoice = false;

  function readKeychain(profileId: string): Promise<Credentials | null> {
    const cached = keychainCache.get(profileId);
    if (cached) return cached;
    const reading = store.get(profileId).then((entry) => (entry === null ? null : decodeCredentials(entry)));
    keychainCache.set(profileId, reading);
    // A failed read (keychain locked) is not remembered: the next call tries again.
    reading.catch(() => {
      if (keychainCache.get(profileId) === reading) keychainCache.delete(profileId);
    });
    return reading;
  }

  async function find(profileId: string): Promise<Found> {
    const entry = await session.get(profileId);
    const inSession = entry === null ? null : decodeCredentials(entry);
    if (inSession) return { credentials: inSession, where: 'session' };
    const inKeychain = await readKeychain(profileId);
    return inKeychain ? { credentials: inKeychain, where: 'keychain' } : null;
  }

  /** Removes a keychain entry; when the keychain is down and `bestEffort`, leaves it be. */
  async function deleteFromKeychain(profileId: string, bestEffort: boolean): Promise<void> {
    keychainCache.delete(profileId);
    try {
      await store.delete(profileId);
    } catch (error) {
      if (!(bestEffort && error instanceof Failure && error.error.code === 'keychain_unavailable'))
        throw error;
    }
  }

  return {
    async set(profileId, input, options = {}) {
      const credentials = parseCredentials(input);
      if (options.sessionOnly ?? sessionOnlyChoice) {
        await session.set(profileId, encodeCredentials(credentials));
        // An older key of this profile in the keychain would come back after a restart. The
        // keychain may well be down (the usual reason to choose session-only): then it cannot.
        await deleteFromKeychain(profileId, true);
        return describe({ credentials, where: 'session' });
      }
      try {
        await store.set(profileId, encodeCredentials(credentials));
      } catch (error) {
        if (!(error instanceof Failure && error.error.code === 'keychain_unavailable')) throw error;
        throw notStored(error, await find(profileId).catch(() => null));
      }
      keychainCache.set(profileId, Promise.resolve(credentials));
      await session.delete(profileId);
      return describe({ credentials, where: 'keychain' });
    },
    async clear(profileId, options = {}) {
      if (options.strict) {
        // The key was given for where the profile no longer points: the keychain copy must go
        // first, or it would come back after a restart; if it cannot, nothing is cleared.
        await deleteFromKeychain(profileId, false);
        await session.delete(profileId);
        return;
      }
      const hadSessionKey = (await session.get(profileId)) !== null;
      await session.delete(profileId);
      // A session-only key is usually there because the keychain is down: clearing the leftover
      // keychain entry is then best effort. Otherwise a keychain that cannot clear is an error.
      await deleteFromKeychain(profileId, hadSessionKey);
    },
    async status(profileId) {
      const found = await find(profileId);
      if (!found && earlierKeyLost?.(profileId)) return { ...describe(null), setAgain: true };
      return describe(found);
    },
    async get(profileId) {
      const found = await find(profileId);
      if (!found)
        throw new Failure(
          'unauthorized',
          'No API key is stored for this profile; set its credentials first.',
        );
      return { ...found.credentials };
    },
    sessionOnlyChoice: () => sessionOnlyChoice,
    chooseSessionOnly(sessionOnly) {
      sessionOnlyChoice = sessionOnly;
    },
  };
}

/**
 * The keychain refused a new key: say that it was not stored, which key (if any) is still in use,
 * and how to keep the new one anyway, so no one believes the new key took.
 */
function notStored(error: Failure, kept: Found): Failure {
  const still = kept
    ? `the key ending in ${keyHint(kept.credentials.apiKey)} is still the one in use${kept.where === 'session' ? ' for this session' : ''}.`
    : 'this profile has no key stored.';
  // The keychain's sentence first (why, and the session-only way out), then what it means here.
  return new Failure('keychain_unavailable', `${error.message} The new key was not stored; ${still}`);
}

function describe(found: Found): CredentialStatus {
  if (!found) return { hasCredentials: false, keyHint: null, credentialStore: null };
  return { hasCredentials: true, keyHint: keyHint(found.credentials.apiKey), credentialStore: found.where };
}
