import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

/** The Swagger 2.0 fixture with `basePath`, read as discover reads it; its suggestion must save. */
function discoverWith(basePath: string) {
  const document = { ...fixture, basePath };
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
  return { api, suggested };
}

describe("a Swagger 2.0 description's basePath", () => {
  it('is read as a path from the origin even without its leading slash', () => {
    const { api, suggested } = discoverWith('api');
    expect(api.prefix).toBe('/api');
    expect(suggested.endpoints.getProcess).toEqual({ method: 'GET', path: '/api/v1/Processes/{processId}' });
  });

  it('puts no query into the endpoints, and says it left the query out', () => {
    const { api, suggested } = discoverWith('/x?t=');
    expect(api.prefix).toBe('/x');
    expect(suggested.endpoints.getProcess).toEqual({ method: 'GET', path: '/x/v1/Processes/{processId}' });
    expect(api.notes.join(' ')).toContain('?t=');
  });
});
