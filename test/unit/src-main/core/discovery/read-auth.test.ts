import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calls } from '../../../../../src-shared/contract';
import { applyDiscovery, changingOperations } from '../../../../../src-shared/discovery-apply';
import { defaultAuthHeaders } from '../../../../../src-shared/profile';
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

/** The two-header fixture with its API-key headers named `names`, read as discover reads it. */
function discoverWith(names: string[]) {
  const document = {
    ...fixture,
    securityDefinitions: Object.fromEntries(
      names.map((name, index) => [`Key${index}`, { type: 'apiKey', in: 'header', name }]),
    ),
  };
  const profile = makeProfile(base, { name: 'Tenant' });
  const auth = readAuth(document, { scheme: 'headers', headers: profile.authHeaders }, base, url);
  const match = matchOperations(describedApi(document, url, base), profile.endpoints, auth.tokenPath);
  const result = { operations: match.operations, auth };
  const suggested = applyDiscovery(profile, result, {
    operations: changingOperations(result),
    auth: auth.changes,
  });
  const parsed = calls['profiles.save'].input.safeParse(suggested);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return { auth, suggested };
}

describe('the API-key headers a description names', () => {
  it('keeps the current auth when the key travels in Authorization, which the console sets itself', () => {
    const { auth, suggested } = discoverWith(['Authorization']);
    expect(auth.proposed).toBeNull();
    expect(auth.changes).toBe(false);
    expect(suggested.authHeaders).toEqual(defaultAuthHeaders);
    expect(auth.reasons).toContain(
      'the header names are left as they are: the description sends the key in Authorization, which is a header the console sets itself; choose the name the tenant gives for its API key',
    );
  });

  it('proposes one header as the key alone, even when its name says secret', () => {
    const { auth, suggested } = discoverWith(['X-Api-Secret']);
    expect(auth.proposed).toEqual({ scheme: 'headers', headers: { key: 'X-Api-Secret', secret: null } });
    expect(suggested.authHeaders).toEqual({ key: 'X-Api-Secret', secret: null });
  });

  it('names a third header in the reasons instead of dropping it silently', () => {
    const { auth, suggested } = discoverWith(['X-Tenant-Key', 'X-Tenant-Secret', 'X-Tenant-Region']);
    expect(suggested.authHeaders).toEqual({ key: 'X-Tenant-Key', secret: 'X-Tenant-Secret' });
    expect(auth.reasons.join(' ')).toContain('X-Tenant-Region');
  });
});
