import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { call, isErrorBody, startTestSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

function expectError(reply: { status: number; json: unknown; text: string }, status: number, code: string) {
  expect(reply.status).toBe(status);
  expect(isErrorBody(reply.json)).toBe(true);
  expect((reply.json as { error: { code: string } }).error.code).toBe(code);
  expect(reply.text).not.toMatch(/\n\s+at /);
}

describe('HTTP behaviour and the error shape', () => {
  it('answers /health without a key', async () => {
    const reply = await call(t.url, 'GET', '/health');
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('ok');
  });

  it('answers unknown routes with 404 not_found and wrong methods with 405 and Allow', async () => {
    expectError(await call(t.url, 'GET', '/nothing/here'), 404, 'not_found');
    expectError(await call(t.url, 'POST', '/open-api'), 404, 'not_found');
    const wrongMethod = await call(t.url, 'DELETE', '/open-api/processes', { auth: { key: t.key } });
    expectError(wrongMethod, 405, 'method_not_allowed');
    expect(wrongMethod.headers.allow).toBe('POST');
    const wrongOnParam = await call(t.url, 'PUT', '/open-api/processes/0a0b0c0d-1111-4222-8333-444455556666');
    expectError(wrongOnParam, 405, 'method_not_allowed');
    expect(wrongOnParam.headers.allow).toContain('GET');
  });

  it('refuses bodies over 1 MiB with 413, non-JSON with 415, broken JSON with 400', async () => {
    const auth = { key: t.key };
    const big = JSON.stringify({ processTypeId: 'x', padding: 'a'.repeat(1024 * 1024) });
    expectError(
      await call(t.url, 'POST', '/open-api/processes', { auth, raw: big, contentType: 'application/json' }),
      413,
      'payload_too_large',
    );
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      const reply = await call(t.url, 'POST', '/open-api/processes', { auth, raw: 'a=1', contentType });
      expectError(reply, 415, 'unsupported_media_type');
    }
    const noType = await request(`${t.url}/open-api/processes`, {
      method: 'POST',
      headers: { 'x-api-key': t.key.apiKey, 'x-api-secret': t.key.apiSecret },
      body: '{"processTypeId":"x"}',
    });
    expect(noType.statusCode).toBe(415);
    expect(isErrorBody(await noType.body.json())).toBe(true);
    expectError(
      await call(t.url, 'POST', '/open-api/processes', {
        auth,
        raw: '{"a":',
        contentType: 'application/json',
      }),
      400,
      'invalid_json',
    );
    expectError(
      await call(t.url, 'POST', '/open-api/processes', { auth, raw: '', contentType: 'application/json' }),
      400,
      'invalid_json',
    );
    const poisoned = await call(t.url, 'POST', '/open-api/processes', {
      auth,
      raw: '{"processTypeId":"6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01","__proto__":{"admin":true}}',
      contentType: 'application/json',
    });
    expectError(poisoned, 400, 'forbidden_key');
    const array = await call(t.url, 'POST', '/open-api/processes', {
      auth,
      raw: '[]',
      contentType: 'application/json',
    });
    expectError(array, 400, 'invalid_request');
    expect(array.json.error.message).toBe('The body must be an object.');
  });

  it('answers a 200,000-element JSON array with 400 and a sentence, without a key', async () => {
    // Under 1 MiB, so it reaches the parser; the forbidden-key walk once overflowed the stack on it.
    const raw = JSON.stringify(Array.from({ length: 200_000 }, () => 0));
    for (const path of ['/forms/report-fly-tipping/submissions', '/open-api/token', '/open-api/processes']) {
      const reply = await call(t.url, 'POST', path, { raw, contentType: 'application/json' });
      expect(reply.status, path).toBe(path === '/open-api/processes' ? 401 : 400);
      expect(isErrorBody(reply.json)).toBe(true);
      expect(reply.json.error.message).toMatch(/^[A-Z].*\.$/);
    }
    const withKey = await call(t.url, 'POST', '/open-api/processes', {
      auth: { key: t.key },
      raw,
      contentType: 'application/json',
    });
    expectError(withKey, 400, 'invalid_request');
    expect(withKey.json.error.message).toBe('The body must be an object.');
  });

  it('answers a badly escaped URL with a JSON 400', async () => {
    const reply = await call(t.url, 'GET', '/open-api/processes/external-reference/%E0%A4%A');
    expect(reply.status).toBe(400);
    expect(isErrorBody(reply.json)).toBe(true);
  });

  it('serves Swagger UI from the package and one OpenAPI 3.1 document from the route schemas', async () => {
    const page = await call(t.url, 'GET', '/swagger');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs)/);
    const bundle = await call(t.url, 'GET', '/swagger/static/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    const document = await call(t.url, 'GET', '/swagger/openapi.json');
    expect(document.status).toBe(200);
    expect(document.json.openapi).toBe('3.1.0');
    const paths = Object.keys(document.json.paths);
    for (const path of [
      '/open-api/processes',
      '/open-api/processes/{processId}',
      '/open-api/processes/external-reference/{externalReference}',
      '/open-api/processes/external-reference/{externalReference}/steps',
      '/open-api/processes/{processId}/steps',
      '/open-api/processes/{processId}/current-step',
      '/open-api/processes/{processId}/notes',
      '/open-api/processes/{processId}/steps/{stepId}/complete',
      '/open-api/documents/{documentId}',
      '/open-api/token',
      '/forms/{formCode}/submissions',
      '/admin/api-keys',
      '/health',
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(document.json.components.securitySchemes)).toEqual(
      expect.arrayContaining(['apiKey', 'apiSecret', 'basic', 'bearer']),
    );
    expect(document.json.components.schemas).toHaveProperty('Process');
    expect(document.json.components.schemas).toHaveProperty('Error');
  });

  it('answers an internal error with a generic 500 and logs name, message and route, never a stack', async () => {
    let broken = false;
    const failing = await startTestSandbox({
      clock: () => {
        if (broken) throw new TypeError('The test clock is broken');
        return new Date();
      },
    });
    try {
      const process = (await failing.call('GET', '/open-api/processes/external-reference/FT-000003')).json;
      broken = true;
      const reply = await failing.call(
        'POST',
        `/open-api/processes/${process.processId}/notes?trace=q-secret`,
        {
          body: { contents: 'Never stored', visibleToAccounts: false },
        },
      );
      broken = false;
      expectError(reply, 500, 'internal_error');
      expect(reply.text).not.toContain('test clock');
      const lines = failing.logs.filter((line) => line.startsWith('Internal error'));
      expect(lines).toEqual([
        `Internal error on POST /open-api/processes/${process.processId}/notes: TypeError: The test clock is broken`,
      ]);
      const all = failing.logs.join('\n');
      expect(all).not.toMatch(/\n\s+at /);
      expect(all).not.toMatch(/\.ts:\d+/);
      expect(all).not.toContain('q-secret');
    } finally {
      broken = false;
      await failing.stop();
    }
  });

  it('warns, in notices, when listening beyond loopback', async () => {
    const open = await startTestSandbox({ host: '0.0.0.0' });
    try {
      expect(open.sandbox.notices.join(' ')).toContain('other machines can reach this service');
      expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await call(open.url, 'GET', '/health')).status).toBe(200);
    } finally {
      await open.stop();
    }
    expect(t.sandbox.notices).toEqual([]);
  });

  it('refuses a bad --outbound-url at start, with a sentence', async () => {
    await expect(startTestSandbox({ outboundUrl: 'ftp://example.org/inbox' })).rejects.toThrow(
      /http or https/,
    );
    await expect(startTestSandbox({ outboundUrl: 'not a url' })).rejects.toThrow(/is not a URL/);
  });
});
