import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-helpers';
import { call, staffAuth, startTestSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

const admin = () => staffAuth('admin', t.passwords.admin!);

describe("the admin area 'Api Developer Access'", () => {
  it('needs a staff sign-in (401) by a member of a group holding Api Admin (403 otherwise)', async () => {
    const none = await call(t.url, 'GET', '/admin/api-keys');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Basic realm="Api Developer Access"');
    const wrong = await call(t.url, 'GET', '/admin/api-keys', { headers: staffAuth('admin', 'wrong') });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe('invalid_staff_credentials');
    const unknown = await call(t.url, 'GET', '/admin/api-keys', { headers: staffAuth('nobody', 'x') });
    expect(unknown.status).toBe(401);
    const caseworker = staffAuth('caseworker', t.passwords.caseworker!);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: 'x' }],
    ] as const) {
      const reply = await call(t.url, method, '/admin/api-keys', { headers: caseworker, body });
      expect(reply.status).toBe(403);
      expect(reply.json.error.code).toBe('permission_required');
    }
    const denied = await call(t.url, 'DELETE', `/admin/api-keys/${t.key.keyId}`, { headers: caseworker });
    expect(denied.status).toBe(403);
    const apiKeyIsNotStaff = await call(t.url, 'GET', '/admin/api-keys', {
      auth: { key: t.key, scheme: 'basic' },
    });
    expect(apiKeyIsNotStaff.status).toBe(401);
  });

  it('creates a key whose codes are shown once, lists keys without secrets, deletes keys', async () => {
    const created = await call(t.url, 'POST', '/admin/api-keys', {
      headers: admin(),
      body: { name: '  Back office  ' },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(['apiKey', 'apiSecret', 'keyId', 'name']);
    expect(created.json.name).toBe('Back office');
    const key = created.json;
    const list = await call(t.url, 'GET', '/admin/api-keys', { headers: admin() });
    expect(list.status).toBe(200);
    expect(list.json.map((k: { keyId: string }) => k.keyId)).toContain(key.keyId);
    expect(list.json.find((k: { keyId: string }) => k.keyId === key.keyId)).toMatchObject({
      name: 'Back office',
      apiKeyEnding: key.apiKey.slice(-4),
      createdBy: 'admin',
    });
    expect(list.text).not.toContain(key.apiSecret);
    expect(list.text).not.toContain(key.apiKey);

    const works = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000001', {
      auth: { key },
    });
    expect(works.status).toBe(200);
    const removed = await call(t.url, 'DELETE', `/admin/api-keys/${key.keyId}`, { headers: admin() });
    expect(removed.status).toBe(204);
    const refused = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000001', {
      auth: { key },
    });
    expect(refused.status).toBe(401);
    const again = await call(t.url, 'DELETE', `/admin/api-keys/${key.keyId}`, { headers: admin() });
    expect(again.status).toBe(404);
  });

  it('refuses a key without a usable name', async () => {
    for (const body of [{ name: '   ' }, {}, { name: 'x'.repeat(101) }]) {
      const reply = await call(t.url, 'POST', '/admin/api-keys', { headers: admin(), body });
      expect(reply.status).toBe(400);
    }
  });
});

describe('the command line on a running data folder', () => {
  it('create-key prints exactly one JSON line; the key works at once', async () => {
    const result = await runCli(['create-key', '--data', t.dataDir, '--name', 'CLI key']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const key = JSON.parse(lines[0]!);
    expect(Object.keys(key)).toEqual(['keyId', 'name', 'apiKey', 'apiSecret']);
    expect(key.name).toBe('CLI key');
    const reply = await call(t.url, 'GET', '/open-api/processes/external-reference/FT-000001', {
      auth: { key },
    });
    expect(reply.status).toBe(200);
  });

  it('reset-password prints a new password; the old one stops working', async () => {
    const result = await runCli(['reset-password', '--data', t.dataDir, '--user', 'admin']);
    expect(result.code).toBe(0);
    const { user, password } = JSON.parse(result.stdout.trim());
    expect(user).toBe('admin');
    const old = await call(t.url, 'GET', '/admin/api-keys', { headers: admin() });
    expect(old.status).toBe(401);
    const fresh = await call(t.url, 'GET', '/admin/api-keys', { headers: staffAuth('admin', password) });
    expect(fresh.status).toBe(200);
    t.passwords.admin = password;
    const unknown = await runCli(['reset-password', '--data', t.dataDir, '--user', 'nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('admin, caseworker');
  });

  it('--help explains the commands; a wrong flag exits 2 with the usage', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('create-key');
    expect(help.stdout).toContain('retry-rest-steps');
    const wrong = await runCli(['--nope']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage:');
  });
});
