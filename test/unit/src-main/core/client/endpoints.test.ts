import { describe, expect, it } from 'vitest';
import { documentIdFromHref, resolveEndpoint } from '../../../../../src-main/core/client/endpoints';
import { Failure } from '../../../../../src-main/core/failure';
import { makeProfile } from './helpers';

const id = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';

describe('endpoints', () => {
  it('fills the default path and keeps a base path prefix', () => {
    const profile = makeProfile('https://tenant.example.com/tenant-a/');
    const resolved = resolveEndpoint(profile, 'completeStep', { processId: id, stepId: id });
    expect(resolved.method).toBe('POST');
    expect(resolved.url.href).toBe(
      `https://tenant.example.com/tenant-a/open-api/processes/${id}/steps/${id}/complete`,
    );
    expect(resolved.path).toBe(`/tenant-a/open-api/processes/${id}/steps/${id}/complete`);
  });

  it('uses a profile override and encodes each value as one segment', () => {
    const profile = makeProfile('https://tenant.example.com', {
      endpoints: { getProcessByReference: { method: 'GET', path: '/api/v2/cases/{externalReference}' } },
    });
    const resolved = resolveEndpoint(profile, 'getProcessByReference', { externalReference: 'FT/1?x=2#y' });
    expect(resolved.path).toBe('/api/v2/cases/FT%2F1%3Fx%3D2%23y');
  });

  it('fills placeholders side by side, repeated, and leaves text that is not one as written', () => {
    const profile = makeProfile('https://tenant.example.com', {
      endpoints: {
        completeStep: { method: 'POST', path: '/x/{processId}{stepId}/{processId}/{}/{not-a-name}/done' },
      },
    });
    // Twice, so the second comes from the split template kept from the first.
    for (const round of [1, 2]) {
      const resolved = resolveEndpoint(profile, 'completeStep', { processId: `p ${round}`, stepId: 's/1' });
      expect(resolved.path).toBe(`/x/p%20${round}s%2F1/p%20${round}/%7B%7D/%7Bnot-a-name%7D/done`);
    }
  });

  it('refuses an empty id with a sentence', () => {
    const profile = makeProfile('https://tenant.example.com');
    expect(() => resolveEndpoint(profile, 'getProcess', { processId: ' ' })).toThrowError(
      /The process id is empty/,
    );
    expect(() => resolveEndpoint(profile, 'getProcess', {})).toThrowError(Failure);
  });

  it('finds a document id in relative and same-origin links, and refuses other origins', () => {
    const profile = makeProfile('https://tenant.example.com');
    expect(documentIdFromHref(profile, `/open-api/documents/${id}`)).toBe(id);
    expect(documentIdFromHref(profile, `https://tenant.example.com/open-api/documents/${id}`)).toBe(id);
    expect(() =>
      documentIdFromHref(profile, `https://evil.example.net/open-api/documents/${id}`),
    ).toThrowError(/points to https:\/\/evil.example.net.*only to the profile's own address/);
    expect(() => documentIdFromHref(profile, '/somewhere/else')).toThrowError(
      /does not match the documents endpoint/,
    );
  });
});

describe('path steps in ids', () => {
  it('refuses "." and ".." (plain or percent-encoded) as an id', () => {
    const profile = makeProfile('https://tenant.example.com/base');
    for (const value of ['..', '.', '%2e%2E', ' .. ']) {
      expect(() =>
        resolveEndpoint(profile, 'getProcessByReference', { externalReference: value }),
      ).toThrowError(/is not a valid external reference/);
    }
    expect(resolveEndpoint(profile, 'getProcessByReference', { externalReference: 'FT..1' }).path).toBe(
      '/base/open-api/processes/external-reference/FT..1',
    );
  });
});
