import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, isErrorBody, startTestSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the served document is read as plain JSON.
type Json = any;

async function servedDocument(): Promise<Json> {
  const reply = await call(t.url, 'GET', '/swagger/openapi.json');
  expect(reply.status).toBe(200);
  return reply.json;
}

function operations(document: Json): Array<[string, Json]> {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    methods
      .filter((method) => item[method])
      .map((method): [string, Json] => [`${method} ${path}`, item[method]]),
  );
}

describe('the served OpenAPI document', () => {
  it("passes Spectral's spectral:oas ruleset with no errors (and no warnings)", async () => {
    const spectral = new Spectral();
    spectral.setRuleset(oas as never);
    const results = await spectral.run(JSON.stringify(await servedDocument()));
    const lines = results.map(
      (r) => `${['error', 'warn', 'info', 'hint'][r.severity]} ${r.code} ${r.path.join('.')}: ${r.message}`,
    );
    console.log(`Spectral (spectral:oas): ${results.length} finding(s)\n${lines.join('\n')}`);
    expect(lines.filter((line) => /^(error|warn) /.test(line))).toEqual([]);
  });

  it("passes Redocly's recommended rules with no errors", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(await servedDocument()),
      absoluteRef: 'openapi.json',
      config,
    });
    const lines = problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    );
    console.log(`Redocly (recommended): ${problems.length} finding(s)\n${lines.join('\n')}`);
    expect(lines.filter((line) => line.startsWith('error '))).toEqual([]);
    // The one kind of warning left: API.md's paths put /external-reference/{ref} beside
    // /{processId}/steps; a process id is a GUID, so they never match the same request.
    expect(problems.filter((p) => p.ruleId !== 'no-ambiguous-paths')).toEqual([]);
  });

  it('gives every operation an operationId and a description, and sets servers', async () => {
    const document = await servedDocument();
    expect(document.servers).toEqual([expect.objectContaining({ url: expect.any(String) })]);
    const ids = new Set<string>();
    for (const [name, operation] of operations(document)) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.description, name).toEqual(expect.stringMatching(/\S.{10,}/));
      ids.add(operation.operationId);
    }
    expect(ids.size).toBe(operations(document).length);
  });

  it('documents the start rules, the reference 400s, Idempotency-Key and grant_type', async () => {
    const { paths } = await servedDocument();
    const start = paths['/open-api/processes'].post;
    const documents = start.requestBody.content['application/json'].schema.properties.documents;
    expect(documents).toMatchObject({ type: 'array', maxItems: 0, items: expect.any(Object) });
    for (const path of [
      '/open-api/processes/external-reference/{externalReference}',
      '/open-api/processes/external-reference/{externalReference}/steps',
    ]) {
      expect(Object.keys(paths[path].get.responses), path).toContain('400');
    }
    const idempotency = start.parameters.find(
      (p: Json) => p.in === 'header' && /idempotency-key/i.test(p.name),
    );
    expect(idempotency.schema).toMatchObject({ minLength: 1, maxLength: 255, pattern: expect.any(String) });
    const token = paths['/open-api/token'].post.requestBody.content;
    for (const type of Object.keys(token)) {
      expect(token[type].schema.properties.grant_type.enum, type).toEqual(['client_credentials']);
    }
  });
});

describe('refusals the document promises', () => {
  it('answers a __proto__ key with the forbidden-key 400, not "not valid JSON"', async () => {
    const reply = await call(t.url, 'POST', '/open-api/processes', {
      raw: '{"processTypeId":"6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01","__proto__":{"admin":true}}',
      contentType: 'application/json',
      auth: { key: t.key },
    });
    expect(reply.status).toBe(400);
    expect(isErrorBody(reply.json)).toBe(true);
    expect(reply.json.error.code).toBe('forbidden_key');
    expect(reply.json.error.message).toMatch(/forbidden key/);
    expect(reply.json.error.message).not.toMatch(/not valid JSON/);
  });

  it('answers QUERY (or any other method) on a GET-only route with 405 and Allow', async () => {
    for (const [method, path] of [
      ['QUERY', '/open-api/processes/external-reference/FT-000003'],
      ['QUERY', '/health'],
      ['PROPFIND', '/swagger/openapi.json'],
      ['PATCH', '/open-api/documents/0a0b0c0d-1111-4222-8333-444455556666'],
    ] as const) {
      const reply = await call(t.url, method, path, { auth: { key: t.key } });
      expect(reply.status, `${method} ${path}`).toBe(405);
      expect(reply.json.error.code).toBe('method_not_allowed');
      expect(reply.headers.allow).toContain('GET');
    }
  });
});
