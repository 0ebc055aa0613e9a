import type { ProxyCredentialsInput } from '../../src-shared/profile';
import { Failure } from './failure';
import type { SecretStore } from './secrets/secret-store';

/**
 * The user names and passwords of proxies that ask for Basic sign-in, in the keychain, one per
 * proxy origin (`http://proxy.council.example:8080`): bound to that origin as an API key is bound
 * to its profile's route, so a proxy setting that changes never hands them to another proxy.
 * Never in profiles.json; the renderer learns only whether they are stored.
 */
export interface ProxyCredentialStore {
  /**
   * `sessionOnly`: kept in main-process memory until quit, as API keys are when the user chose
   * session-only credentials (no keychain on this machine); the keychain's copy is removed.
   */
  set(
    proxyOrigin: string,
    credentials: ProxyCredentialsInput,
    options?: { sessionOnly?: boolean },
  ): Promise<void>;
  clear(proxyOrigin: string): Promise<void>;
  has(proxyOrigin: string): Promise<boolean>;
  /** The `Proxy-Authorization` value for the proxy, or null: for the CONNECT request only. */
  authorization(proxyOrigin: string): Promise<string | null>;
}

/**
 * The keychain account of a proxy's credentials. Profile ids are UUIDs and the inbox's accounts
 * start `inbox:`, so `proxy:` cannot collide with either.
 */
export function proxyAccount(proxyOrigin: string): string {
  return `proxy:${proxyOrigin}`;
}

/** Builds the store over the console's SecretStore. */
export function createProxyCredentialStore(store: SecretStore): ProxyCredentialStore {
  // Read once per origin: a CONNECT per new connection must not ask the keychain each time.
  const cache = new Map<string, Promise<string | null>>();
  const session = new Map<string, string>();
  const read = (origin: string) => {
    const kept = session.get(origin);
    if (kept) return Promise.resolve(kept);
    let reading = cache.get(origin);
    if (!reading) {
      reading = store.get(proxyAccount(origin)).then((entry) => (entry === null ? null : decode(entry)));
      cache.set(origin, reading);
      // A failed read (keychain locked) is not remembered: the next connection tries again.
      reading.catch(() => cache.delete(origin));
    }
    return reading;
  };
  // A keychain that cannot answer holds nothing for the proxy: its 407 then says to set them, and
  // setting them says why the keychain cannot (or keeps them for the session, if so chosen).
  const readable = (origin: string) =>
    read(origin).catch((error: unknown) => {
      if (error instanceof Failure && error.error.code === 'keychain_unavailable') return null;
      throw error;
    });
  return {
    async set(origin, credentials, options = {}) {
      if (options.sessionOnly) {
        session.set(origin, basic(credentials));
        // An older entry would come back after a restart; the keychain may well be down, though.
        cache.delete(origin);
        await store.delete(proxyAccount(origin)).catch(() => false);
        return;
      }
      const value = JSON.stringify({ username: credentials.username, password: credentials.password });
      await store.set(proxyAccount(origin), value);
      session.delete(origin);
      cache.set(origin, Promise.resolve(basic(credentials)));
    },
    async clear(origin) {
      const hadSession = session.delete(origin);
      cache.delete(origin);
      // Best effort after a session-only entry: the keychain is then usually the reason.
      const removing = store.delete(proxyAccount(origin));
      if (hadSession) await removing.catch(() => false);
      else await removing;
    },
    has: async (origin) => (await readable(origin)) !== null,
    authorization: (origin) => readable(origin),
  };
}

function basic({ username, password }: ProxyCredentialsInput): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** A keychain entry that is not ours (edited by hand) counts as none, rather than failing calls. */
function decode(entry: string): string | null {
  try {
    const parsed = JSON.parse(entry) as { username?: unknown; password?: unknown };
    if (typeof parsed.username !== 'string' || typeof parsed.password !== 'string') return null;
    return basic({ username: parsed.username, password: parsed.password });
  } catch {
    return null;
  }
}
