import { describe, expect, it } from 'vitest';
import { defaultAuthHeaders } from '../../../../../src-shared/profile';
import { discoverSwagger2 } from './discover-swagger2';

/** The two-header fixture with its API-key headers named `names`, read as discover reads it. */
function discoverWith(names: string[]) {
  return discoverSwagger2({
    securityDefinitions: Object.fromEntries(
      names.map((name, index) => [`Key${index}`, { type: 'apiKey', in: 'header', name }]),
    ),
  });
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

describe('an API-key header name with characters no tenant uses', () => {
  it('is proposed with low confidence and a warning naming it, never high', () => {
    for (const names of [["X-Api-Key`touch$IFS'PWNED'`"], ['X-Tenant-Key', 'X-Tenant|Secret']]) {
      const { auth } = discoverWith(names);
      const odd = names.find((name) => /[`$'|]/.test(name))!;
      expect(auth.proposed?.scheme).toBe('headers');
      expect(auth.confidence).toBe('low');
      expect(auth.warning).toContain(`the API-key header ${odd}, with characters no tenant uses`);
    }
    expect(discoverWith(["X-Api-Key`touch$IFS'PWNED'`"]).auth.warning).toContain("(` $ ')");
  });

  it('leaves names of letters, digits, - and _ as sure as before', () => {
    const { auth } = discoverWith(['X_Tenant-Key2', 'X_Tenant-Secret2']);
    expect(auth.confidence).toBe('high');
    expect(auth.warning).toBeNull();
  });
});
