import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../domain/clock';
import type { Repos } from '../storage/repos';
import { hashSecret, randomSecret, tokenDigest, verifySecret } from './secret-hash';

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

const cacheLimit = 1000;

/**
 * Checks API keys and bearer tokens. Secrets are stored only as scrypt hashes, which cost tens of
 * milliseconds to check; after one successful check, a peppered SHA-256 of the secret is held in
 * memory (never on disk) so later requests compare in constant time at memory speed. An unknown key
 * costs the same scrypt work as a wrong secret, so timing does not reveal which keys exist.
 */
export class KeyAuthenticator {
  // A per-process secret prefix: the in-memory digests are useless outside this process.
  private readonly pepper = randomBytes(32).toString('hex');
  private readonly verified = new Map<string, KeyIdentity & { digest: Buffer }>();
  private readonly decoyHash = hashSecret(randomSecret());

  constructor(
    private readonly repos: Repos,
    private readonly clock: Clock,
    readonly tokenTtlSeconds: number,
  ) {}

  /**
   * The key's identity when the key and secret match, else undefined: from memory (synchronously)
   * for a key verified before, else a promise of the scrypt check.
   */
  verify(apiKey: string, apiSecret: string): KeyIdentity | undefined | Promise<KeyIdentity | undefined> {
    const digest = hash('sha256', this.pepper + apiSecret, 'buffer');
    const cached = this.verified.get(apiKey);
    if (!cached) return this.verifySlowly(apiKey, apiSecret, digest);
    return timingSafeEqual(cached.digest, digest) ? { keyId: cached.keyId, name: cached.name } : undefined;
  }

  /** `verify`, always as a promise. */
  async withSecret(apiKey: string, apiSecret: string): Promise<KeyIdentity | undefined> {
    return this.verify(apiKey, apiSecret);
  }

  private async verifySlowly(
    apiKey: string,
    apiSecret: string,
    digest: Buffer,
  ): Promise<KeyIdentity | undefined> {
    const record = this.repos.keys.findByApiKey(apiKey);
    const matches = await verifySecret(apiSecret, record?.secretHash ?? this.decoyHash);
    if (!record || !matches) return undefined;
    // The key may have been deleted while scrypt ran.
    if (!this.repos.keys.findByApiKey(apiKey)) return undefined;
    if (this.verified.size >= cacheLimit) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(apiKey, { keyId: record.keyId, name: record.name, digest });
    return { keyId: record.keyId, name: record.name };
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
    for (const [apiKey, entry] of this.verified) if (entry.keyId === keyId) this.verified.delete(apiKey);
  }
}
