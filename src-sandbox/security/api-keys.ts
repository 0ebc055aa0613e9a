import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError } from '../domain/api-error';
import { isoDate, type Clock } from '../domain/clock';
import type { Repos } from '../storage/repos';
import { hashSecret, randomSecret } from './secret-hash';

/** A new key's codes, returned once when it is created and never again. */
export interface CreatedApiKey {
  keyId: string;
  name: string;
  apiKey: string;
  apiSecret: string;
}

/** Checks a key name: what a person typed, trimmed, 1 to 100 characters, no control characters. */
export function validKeyName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  // eslint-disable-next-line no-control-regex -- a key name is shown as an author; control characters would corrupt it.
  if (trimmed.length === 0 || trimmed.length > 100 || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new ApiError(400, 'invalid_key_name', 'Give the key a name of 1 to 100 printable characters.', [
      { path: 'name', issue: 'must be 1 to 100 printable characters' },
    ]);
  }
  return trimmed;
}

/**
 * Creates an API key: the one code path of the admin route, the `create-key` command and the
 * console's embedded start. Only the scrypt hash of the secret is stored.
 */
export function createApiKey(repos: Repos, clock: Clock, name: string, createdBy: string): CreatedApiKey {
  const created: CreatedApiKey = {
    keyId: randomUUID(),
    name: validKeyName(name),
    apiKey: randomBytes(16).toString('hex'),
    apiSecret: randomSecret(),
  };
  repos.keys.insert({
    keyId: created.keyId,
    name: created.name,
    apiKey: created.apiKey,
    secretHash: hashSecret(created.apiSecret),
    createdOn: isoDate(clock()),
    createdBy,
  });
  return created;
}
