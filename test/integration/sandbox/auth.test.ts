import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
// The service's clock, moved forward to expire tokens without waiting an hour.
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await startTestSandbox({ clock: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => t.stop());

function token(body: string, headers: Record<string, string> = {}) {
  return call(t.url, 'POST', '/open-api/token', {
    raw: body,
    contentType: 'application/x-www-form-urlencoded',
    headers,
  });
}

const credentials = () =>
  new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: t.key.apiKey,
    client_secret: t.key.apiSecret,
  }).toString();

describe('the three authentication schemes', () => {
  it('accepts X-Api-Key/X-Api-Secret headers, HTTP Basic and a Bearer token', async () => {
    const headers = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000003', {
      auth: { key: t.key },
    });
    expect(headers.status).toBe(200);
    const basic = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000003', {
      auth: { key: t.key, scheme: 'basic' },
    });
    expect(basic.status).toBe(200);
    const issued = await token(credentials());
    expect(issued.status).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    expect(issued.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    const bearer = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000003', {
      auth: { bearer: issued.json.access_token },
    });
    expect(bearer.status).toBe(200);
    const note = await call(t.url, 'POST', `/open-api/processes/${bearer.json.processId}/notes`, {
      auth: { bearer: issued.json.access_token },
      body: { contents: 'via bearer' },
    });
    expect(note.json.author).toBe('Integration test key');
  });

  it('issues tokens to HTTP Basic client authentication too, and expires them', async () => {
    const basic = `Basic ${Buffer.from(`${t.key.apiKey}:${t.key.apiSecret}`).toString('base64')}`;
    const issued = await token('grant_type=client_credentials', { authorization: basic });
    expect(issued.status).toBe(200);
    const fresh = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000003', {
      auth: { bearer: issued.json.access_token },
    });
    expect(fresh.status).toBe(200);
    clockOffsetMs = 3601 * 1000;
    const expired = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000003', {
      auth: { bearer: issued.json.access_token },
    });
    expect(expired.status).toBe(401);
    expect(expired.json.error.code).toBe('token_expired');
    clockOffsetMs = 0;
  });

  it('refuses bad token requests', async () => {
    const wrongGrant = await token('grant_type=password&client_id=a&client_secret=b');
    expect(wrongGrant.status).toBe(400);
    expect(wrongGrant.json.error.code).toBe('unsupported_grant_type');
    const wrongSecret = await token(
      `grant_type=client_credentials&client_id=${t.key.apiKey}&client_secret=nope`,
    );
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.json.error.code).toBe('invalid_credentials');
    const noCredentials = await token('grant_type=client_credentials');
    expect(noCredentials.status).toBe(401);
    const unknownToken = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000003', {
      auth: { bearer: 'made-up-token' },
    });
    expect(unknownToken.json.error.code).toBe('invalid_token');
  });

  it('answers 401 with a clear message for missing, partial, wrong or unsupported credentials', async () => {
    const path = '/open-api/processes/external-reference/FT-000003';
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'credentials_required'],
      [{ 'x-api-key': t.key.apiKey }, 'credentials_incomplete'],
      [{ 'x-api-key': t.key.apiKey, 'x-api-secret': 'wrong' }, 'invalid_credentials'],
      [{ 'x-api-key': 'unknown', 'x-api-secret': t.key.apiSecret }, 'invalid_credentials'],
      [{ authorization: 'Digest abc' }, 'unsupported_authorization'],
      [
        { authorization: `Basic ${Buffer.from(`${t.key.apiKey}:bad`).toString('base64')}` },
        'invalid_credentials',
      ],
    ];
    for (const [headers, code] of cases) {
      const reply = await call(t.url, 'GET', path, { headers });
      expect(reply.status, code).toBe(401);
      expect(reply.json.error.code).toBe(code);
      expect(reply.json.error.message.length).toBeGreaterThan(20);
      expect(reply.headers['www-authenticate']).toContain('Basic');
    }
  });

  it('requires credentials on every route under /open-api, before reading the body', async () => {
    const id = '0a0b0c0d-1111-4222-8333-444455556666';
    const routes: Array<[string, string]> = [
      ['POST', '/open-api/processes'],
      ['GET', `/open-api/processes/${id}`],
      ['GET', '/open-api/processes/external-reference/FT-000001'],
      ['GET', '/open-api/processes/external-reference/FT-000001/steps'],
      ['GET', `/open-api/processes/${id}/steps`],
      ['GET', `/open-api/processes/${id}/current-step`],
      ['POST', `/open-api/processes/${id}/notes`],
      ['POST', `/open-api/processes/${id}/steps/${id}/complete`],
      ['GET', `/open-api/documents/${id}`],
    ];
    for (const [method, path] of routes) {
      const reply = await call(t.url, method, path, { raw: 'not json', contentType: 'text/plain' });
      expect(reply.status, `${method} ${path}`).toBe(401);
    }
  });

  it('stores secrets and tokens only as hashes', async () => {
    const key = t.sandbox.createApiKey('Hash check');
    const issued = await call(t.url, 'POST', '/open-api/token', {
      raw: `grant_type=client_credentials&client_id=${key.apiKey}&client_secret=${key.apiSecret}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(issued.status).toBe(200);
    const files = readdirSync(t.dataDir).map((name) =>
      readFileSync(join(t.dataDir, name)).toString('latin1'),
    );
    expect(files.join('')).toContain(key.apiKey);
    for (const secret of [key.apiSecret, t.key.apiSecret, issued.json.access_token as string]) {
      expect(files.some((content) => content.includes(secret))).toBe(false);
    }
    expect(files.join('')).toContain('scrypt$');
  });
});
