import type { Db } from './db';

/** A stored first response to a request that carried an `Idempotency-Key`. */
export interface StoredResponse {
  fingerprint: string;
  status: number;
  response: string;
  createdAt: number;
}

/** How long a key is remembered (API.md: 24 h). */
export const idempotencyWindowMs = 24 * 60 * 60 * 1000;

/** Idempotency keys, scoped per API key so two clients never collide. */
export type IdempotencyRepo = ReturnType<typeof createIdempotencyRepo>;

/** Prepares the statements for idempotency keys once per connection. */
export function createIdempotencyRepo(db: Db) {
  const find = db.prepare(`SELECT fingerprint, status, response, created_at AS createdAt FROM idempotency_keys
    WHERE key_id = ? AND idempotency_key = ? AND created_at >= ?`);
  const save =
    db.prepare(`INSERT OR REPLACE INTO idempotency_keys (key_id, idempotency_key, fingerprint, status,
    response, created_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const purge = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');

  return {
    /** The first response for this key if it is younger than 24 h. */
    find(keyId: string, key: string, now: number): StoredResponse | undefined {
      return find.get(keyId, key, now - idempotencyWindowMs) as StoredResponse | undefined;
    },
    save(keyId: string, key: string, stored: StoredResponse): void {
      save.run(keyId, key, stored.fingerprint, stored.status, stored.response, stored.createdAt);
    },
    purgeExpired(now: number): void {
      purge.run(now - idempotencyWindowMs);
    },
  };
}
