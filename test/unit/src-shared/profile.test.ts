import { describe, expect, it } from 'vitest';
import { profileInputSchema, profileSchema, proxySchema } from '../../../src-shared/profile';

describe('proxySchema', () => {
  it('answers with sentences, never throws, for a proxy URL being typed', () => {
    for (const url of ['', 'h', 'http://', 'not a url']) {
      const parsed = proxySchema.safeParse({ mode: 'url', url });
      expect(parsed.success, url).toBe(false);
    }
    const withPassword = proxySchema.safeParse({ mode: 'url', url: 'http://user:pw@127.0.0.1:3128' });
    expect(withPassword.error?.issues[0]?.message).toBe('must not carry a user name or password');
    expect(proxySchema.safeParse({ mode: 'url', url: 'http://127.0.0.1:3128' }).success).toBe(true);
  });
});

describe('authHeaders: the header names of the headers scheme', () => {
  const base = {
    name: 'Tenant',
    baseUrl: 'https://tenant.example.com',
    environment: 'test',
    keyName: 'console',
  };
  const messages = (authHeaders: unknown) =>
    profileInputSchema.safeParse({ ...base, authHeaders }).error?.issues.map((issue) => issue.message) ?? [];

  it('defaults to x-api-key and x-api-secret for a profile saved before they were configurable', () => {
    const stored = profileSchema.parse({
      ...base,
      id: '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(stored.authHeaders).toEqual({ key: 'x-api-key', secret: 'x-api-secret' });
  });

  it('takes any two HTTP token names, or a key header alone', () => {
    expect(messages({ key: 'X-Api-Key-Id', secret: 'X-Api-Key-Secret' })).toEqual([]);
    expect(messages({ key: "Ocp-Apim-Subscription-Key!#$%&'*+.^_`|~", secret: null })).toEqual([]);
  });

  it('refuses names that are no header name, that the console sets itself, or that are one name twice', () => {
    expect(messages({ key: 'X Api Key', secret: 'x-api-secret' })).toEqual([
      "must be an HTTP header name: letters, digits and !#$%&'*+-.^_`|~ only, no spaces or colons",
    ]);
    expect(messages({ key: 'X-Api-Key:', secret: null })[0]).toMatch(/^must be an HTTP header name/);
    expect(messages({ key: '', secret: null })).toContain('is required');
    for (const own of ['Authorization', 'content-type', 'Host', 'Idempotency-Key']) {
      expect(messages({ key: own, secret: 'x-api-secret' })).toEqual([
        'is a header the console sets itself; choose the name the tenant gives for its API key',
      ]);
    }
    expect(messages({ key: 'X-Api-Key', secret: 'x-api-KEY' })).toEqual([
      'must differ from the key header name (names are case-insensitive)',
    ]);
  });
});
