import { hash, randomBytes } from 'node:crypto';
import type { Clock } from '../domain/clock';
import type { ApiKeyRecord } from '../storage/key-repo';
import type { Repos } from '../storage/repos';
import { attemptLimits, GuessLimiter } from './attempt-limiter';
import { tokenDigest, verifySecret } from './secret-hash';

/** Who a request acts as: the API key, whose name is the author of its changes. */
export interface KeyIdentity {
  keyId: string;
  name: string;
}

/** A bearer token as `POST /open-api/token` returns it. */
export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** Why a key check refused: the key or secret is wrong, or too many attempts failed lately. */
export type KeyRefusal = { refused: 'invalid' } | { refused: 'limited'; retryAfterSeconds: number };

/** The outcome of checking a key and secret. */
export type KeyCheck = KeyIdentity | KeyRefusal;

const invalid: KeyRefusal = { refused: 'invalid' };
const cacheLimit = 1000;
// A verified key+secret stays fast while it is used; unused for this long, it pays scrypt again.
const verifiedTtlMs = 10 * 60_000;
// Key ids are 128 random bits made at creation, so no one can have asked for one before it
// existed: remembering an unknown id for a minute never refuses a key made meanwhile.
const unknownTtlMs = 60_000;

/**
 * Checks API keys and bearer tokens. Secrets are stored only as scrypt hashes, which cost tens of
 * milliseconds each, so a flood of guesses must not reach scrypt: an unknown key id is refused
 * after one indexed lookup (key ids are random, so telling that one does not exist helps no
 * one guess a secret); a known id with a wrong secret costs one hash, and failed attempts are
 * limited per client address and per key id (429 with Retry-After; see GuessLimiter for which
 * checks a limit holds back). A verified key+secret is remembered in memory (a peppered SHA-256,
 * never on disk) so working clients stay fast under the flood, even from a limited address.
 */
export class KeyAuthenticator {
  // A per-process secret prefix: the in-memory digests are useless outside this process.
  private readonly pepper = randomBytes(32).toString('hex');
  private readonly verified = new Map<string, { identity: KeyIdentity; until: number }>();
  private readonly inFlight = new Map<string, Promise<KeyCheck>>();
  private readonly unknownKeys = new Map<string, number>();
  private readonly attempts: GuessLimiter;

  constructor(
    private readonly repos: Repos,
    private readonly clock: Clock,
    readonly tokenTtlSeconds: number,
  ) {
    this.attempts = new GuessLimiter(attemptLimits, () => this.clock().getTime());
  }

  /**
   * The key's identity when the key and secret match, else why not: synchronously when memory
   * knows the answer (a key verified lately, an unknown id, a limited address or key), else a
   * promise of the one scrypt check. `address` is the client's, for the attempt limit.
   */
  verify(apiKey: string, apiSecret: string, address: string): KeyCheck | Promise<KeyCheck> {
    const now = this.clock().getTime();
    const digest = hash('sha256', `${this.pepper}${apiKey.length}:${apiKey}${apiSecret}`, 'base64url');
    const known = this.verified.get(digest);
    if (known && known.until > now) {
      known.until = now + verifiedTtlMs;
      return known.identity;
    }
    // The same key+secret already being checked: share that check (and its one attempt).
    const pending = this.inFlight.get(digest);
    if (pending) return pending;
    const record =
      (this.unknownKeys.get(apiKey) ?? 0) > now ? undefined : this.repos.keys.findByApiKey(apiKey);
    const wait = this.attempts.wait(address, record?.keyId);
    if (wait > 0) return { refused: 'limited', retryAfterSeconds: wait };
    this.attempts.begin(address, record?.keyId);
    if (!record) {
      this.rememberUnknown(apiKey, now);
      return invalid;
    }
    const check = this.verifySlowly(record, apiSecret, digest, address).finally(() =>
      this.inFlight.delete(digest),
    );
    this.inFlight.set(digest, check);
    return check;
  }

  /** `verify`, always as a promise. */
  async check(apiKey: string, apiSecret: string, address: string): Promise<KeyCheck> {
    return this.verify(apiKey, apiSecret, address);
  }

  private async verifySlowly(
    record: ApiKeyRecord,
    apiSecret: string,
    digest: string,
    address: string,
  ): Promise<KeyCheck> {
    if (!(await verifySecret(apiSecret, record.secretHash))) return invalid;
    // The key may have been deleted while scrypt ran.
    if (!this.repos.keys.findByApiKey(record.apiKey)) return invalid;
    this.attempts.succeeded(address, record.keyId);
    const identity = { keyId: record.keyId, name: record.name };
    if (this.verified.size >= cacheLimit) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(digest, { identity, until: this.clock().getTime() + verifiedTtlMs });
    return identity;
  }

  private rememberUnknown(apiKey: string, now: number): void {
    this.unknownKeys.delete(apiKey);
    this.unknownKeys.set(apiKey, now + unknownTtlMs);
    if (this.unknownKeys.size > 10_000) this.unknownKeys.delete(this.unknownKeys.keys().next().value!);
  }

  /** The identity behind a bearer token, 'expired' for a known but expired one, else undefined. */
  withToken(token: string): KeyIdentity | 'expired' | undefined {
    const row = this.repos.keys.findToken(tokenDigest(token));
    if (!row) return undefined;
    if (row.expiresAt <= this.clock().getTime()) return 'expired';
    return { keyId: row.keyId, name: row.name };
  }

  /** Makes a new token for a verified key; the caller stores it inside a change. */
  newToken(identity: KeyIdentity): { issued: IssuedToken; store: (repos: Repos) => void } {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.clock().getTime() + this.tokenTtlSeconds * 1000;
    return {
      issued: { access_token: token, token_type: 'Bearer', expires_in: this.tokenTtlSeconds },
      store: (repos) => repos.keys.insertToken(tokenDigest(token), identity.keyId, expiresAt),
    };
  }

  /** Drops a deleted key from memory so it stops working at once. */
  forget(keyId: string): void {
    for (const [digest, entry] of this.verified)
      if (entry.identity.keyId === keyId) this.verified.delete(digest);
  }
}
