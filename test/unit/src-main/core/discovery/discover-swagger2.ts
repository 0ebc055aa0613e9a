import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { calls } from '../../../../../src-shared/contract';
import { applyDiscovery, changingOperations } from '../../../../../src-shared/discovery-apply';
import { describedApi } from '../../../../../src-main/core/discovery/described-operations';
import { matchOperations } from '../../../../../src-main/core/discovery/match-operations';
import { readAuth } from '../../../../../src-main/core/discovery/read-auth';
import { makeProfile } from '../client/helpers';

const base = 'https://tenant.example.com';
const url = `${base}/swagger/v1/swagger.json`;
const fixture = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '../../../../fixtures/descriptions/swagger2-two-headers.json'),
    'utf8',
  ),
) as Record<string, unknown>;

/**
 * The Swagger 2.0 two-header fixture with `changes` over its top-level keys, read as discover
 * reads it (described operations, auth, matching, the suggestion applied to a profile). Whatever
 * it suggests must be a profile `profiles.save` takes: that is asserted here, for every caller.
 */
export function discoverSwagger2(changes: Record<string, unknown>) {
  const document = { ...fixture, ...changes };
  const profile = makeProfile(base, { name: 'Tenant' });
  const api = describedApi(document, url, base);
  const auth = readAuth(document, { scheme: 'headers', headers: profile.authHeaders }, base, url);
  const match = matchOperations(api, profile.endpoints, auth.tokenPath);
  const result = { operations: match.operations, auth };
  const suggested = applyDiscovery(profile, result, {
    operations: changingOperations(result),
    auth: auth.changes,
  });
  const parsed = calls['profiles.save'].input.safeParse(suggested);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return { api, auth, suggested };
}
