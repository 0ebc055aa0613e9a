import type { Db } from './db';

/** An API key as stored: the secret only as a salted scrypt hash. */
export interface ApiKeyRecord {
  keyId: string;
  name: string;
  apiKey: string;
  secretHash: string;
  createdOn: string;
  createdBy: string;
}

/** A key as the admin list shows it: never the secret, only the key's last characters. */
export interface ApiKeySummary {
  keyId: string;
  name: string;
  apiKeyEnding: string;
  createdOn: string;
  createdBy: string;
}

/** API keys and the bearer tokens issued for them. */
export type KeyRepo = ReturnType<typeof createKeyRepo>;

/** Prepares the statements for keys and tokens once per connection. */
export function createKeyRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO api_keys (key_id, name, api_key, secret_hash, created_on, created_by)
    VALUES (@keyId, @name, @apiKey, @secretHash, @createdOn, @createdBy)`);
  const byApiKey = db.prepare(`SELECT key_id AS keyId, name, api_key AS apiKey, secret_hash AS secretHash,
    created_on AS createdOn, created_by AS createdBy FROM api_keys WHERE api_key = ?`);
  const list = db.prepare(`SELECT key_id AS keyId, name, substr(api_key, -4) AS apiKeyEnding,
    created_on AS createdOn, created_by AS createdBy FROM api_keys ORDER BY created_on, rowid`);
  const remove = db.prepare('DELETE FROM api_keys WHERE key_id = ?');
  const removeTokens = db.prepare('DELETE FROM access_tokens WHERE key_id = ?');
  const insertToken = db.prepare(
    'INSERT INTO access_tokens (token_hash, key_id, expires_at) VALUES (?, ?, ?)',
  );
  const byToken = db.prepare(`SELECT k.key_id AS keyId, k.name AS name, t.expires_at AS expiresAt
    FROM access_tokens t JOIN api_keys k ON k.key_id = t.key_id WHERE t.token_hash = ?`);
  const purgeTokens = db.prepare('DELETE FROM access_tokens WHERE expires_at < ?');

  return {
    insert(record: ApiKeyRecord): void {
      insert.run({ ...record });
    },
    findByApiKey(apiKey: string): ApiKeyRecord | undefined {
      return byApiKey.get(apiKey) as ApiKeyRecord | undefined;
    },
    list(): ApiKeySummary[] {
      return list.all() as unknown as ApiKeySummary[];
    },
    /** Deletes a key and its tokens; false when no key has that id. */
    remove(keyId: string): boolean {
      removeTokens.run(keyId);
      return remove.run(keyId).changes === 1;
    },
    insertToken(tokenHash: string, keyId: string, expiresAt: number): void {
      insertToken.run(tokenHash, keyId, expiresAt);
    },
    findToken(tokenHash: string): { keyId: string; name: string; expiresAt: number } | undefined {
      return byToken.get(tokenHash) as { keyId: string; name: string; expiresAt: number } | undefined;
    },
    purgeExpiredTokens(now: number): void {
      purgeTokens.run(now);
    },
  };
}
