import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, isErrorBody, startTestSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

const submission = { answers: { FirstName: 'Ada', RequestSpecifics: 'Mattress by the bins' } };

/** The requests a DNS-rebinding page would make once its name points at 127.0.0.1. */
function attackedRoutes(key = t.key) {
  return [
    ['GET', '/swagger', {}],
    ['GET', '/swagger/openapi.json', {}],
    ['POST', '/forms/report-fly-tipping/submissions', { body: submission }],
    ['GET', '/open-api/processes/external-reference/FT-000003', { auth: { key } }],
    ['GET', '/health', {}],
  ] as const;
}

describe('the Host check (DNS rebinding)', () => {
  it('refuses a request whose Host is not this service, with 421 in the error format', async () => {
    const port = t.sandbox.port;
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`]) {
      for (const [method, path, options] of attackedRoutes()) {
        const reply = await call(t.url, method, path, { ...options, headers: { host } });
        expect(reply.status, `${method} ${path} with Host ${host}`).toBe(421);
        expect(isErrorBody(reply.json)).toBe(true);
        expect(reply.json.error.code).toBe('misdirected_request');
        // The sentence says what the check does: loopback names on any port (README, --public-host).
        expect(reply.json.error.message).toContain('127.0.0.1, localhost or [::1] (on any port;');
        expect(reply.json.error.message).toContain(`listens on ${port}`);
        expect(reply.json.error.message).toContain('--public-host');
        expect(reply.text).not.toContain('evil.example');
      }
    }
    const processes = await t.call('GET', '/open-api/processes/external-reference/FT-000023');
    expect(processes.status, 'the refused form submission started nothing').toBe(404);
  });

  it('answers the loopback names, on any port (a local port forward or proxy sends its own)', async () => {
    const port = t.sandbox.port;
    const names = [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`];
    for (const host of [...names, `127.0.0.1:${port + 1}`, 'localhost']) {
      for (const [method, path, options] of attackedRoutes()) {
        if (method === 'POST') continue;
        const reply = await call(t.url, method, path, { ...options, headers: { host } });
        expect(reply.status, `${method} ${path} with Host ${host}`).toBe(200);
      }
    }
    const submitted = await call(t.url, 'POST', '/forms/report-fly-tipping/submissions', {
      body: submission,
    });
    expect(submitted.status).toBe(201);
  });

  it('answers a configured --public-host, with or without its port', async () => {
    const open = await startTestSandbox({ host: '0.0.0.0', publicHost: 'sandbox.test.internal' });
    try {
      const port = open.sandbox.port;
      expect(open.sandbox.notices.join(' ')).toContain('sandbox.test.internal');
      for (const host of ['sandbox.test.internal', `sandbox.test.internal:${port}`, `127.0.0.1:${port}`]) {
        const reply = await call(open.url, 'GET', '/swagger/openapi.json', { headers: { host } });
        expect(reply.status, host).toBe(200);
      }
      const refused = await call(open.url, 'GET', '/swagger/openapi.json', {
        headers: { host: 'sandbox.test.internal:81' },
      });
      expect(refused.status).toBe(421);
    } finally {
      await open.stop();
    }
  });

  it('refuses a malformed --public-host at start, with a sentence', async () => {
    await expect(startTestSandbox({ publicHost: 'http://x/' })).rejects.toThrow(/--public-host/);
  });
});
