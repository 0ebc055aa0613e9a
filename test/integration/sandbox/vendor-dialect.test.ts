import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, flyTippingTypeId, startTestSandbox, type CallOptions, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ dialect: 'vendor' });
});
afterAll(() => t.stop());

/** A request as a client of the vendor dialect sends it: its own two key headers. */
function vendor(method: string, path: string, options: CallOptions = {}) {
  return call(t.url, method, path, {
    ...options,
    headers: { 'X-Api-Key-Id': t.key.apiKey, 'X-Api-Key-Secret': t.key.apiSecret, ...options.headers },
  });
}

async function ft3() {
  const reply = await vendor('GET', '/open-api/processes/by-reference/FT-000003');
  expect(reply.status).toBe(200);
  return reply.json;
}

describe('the vendor dialect over HTTP', () => {
  it('serves a process at its own paths, in PascalCase', async () => {
    const process = await ft3();
    expect(process).toMatchObject({ ExternalReference: 'FT-000003', Status: 'InProgress' });
    expect(process.processId).toBeUndefined();
    expect(process.Steps[0]).toHaveProperty('StepId');
    const byId = await vendor('GET', `/open-api/processes/${process.ProcessId}/details`);
    expect(byId.json.ExternalReference).toBe('FT-000003');
    const steps = await vendor('GET', `/open-api/processes/${process.ProcessId}/step-list`);
    expect(steps.json.map((step: { Name: string }) => step.Name)).toEqual(
      process.Steps.map((step: { Name: string }) => step.Name),
    );
    const document = await vendor('GET', `/open-api/documents/${process.Documents[0].DocumentId}`);
    expect(document.json).toMatchObject({ ContentType: 'text/xml' });
  });

  it('keeps the header names and bodies of a recorded REST call as they were', async () => {
    const steps = (await ft3()).Steps as Array<{
      RestCall?: { Request: { Headers: Record<string, string> } };
    }>;
    const recorded = steps.find((step) => step.RestCall)!.RestCall!;
    expect(Object.keys(recorded.Request.Headers)).toContain('content-type');
  });

  it("does not serve the default dialect's own paths, nor its header names, Basic or the token endpoint", async () => {
    const { ProcessId } = await ft3();
    expect((await vendor('GET', `/open-api/processes/${ProcessId}`)).status).toBe(404);
    const missing = await vendor('GET', '/open-api/processes/external-reference/FT-000003');
    expect([missing.status, missing.text]).toEqual([404, '']);
    expect((await vendor('POST', '/open-api/token', { body: {} })).status).toBe(404);
    const defaultHeaders = await call(t.url, 'GET', '/open-api/processes/by-reference/FT-000003', {
      auth: { key: t.key },
    });
    expect(defaultHeaders.status).toBe(401);
    expect(defaultHeaders.json).toMatchObject({
      title: 'Unauthorized',
      detail: 'This operation needs an API key: send X-Api-Key-Id and X-Api-Key-Secret.',
    });
    const basic = await call(t.url, 'GET', '/open-api/processes/by-reference/FT-000003', {
      auth: { key: t.key, scheme: 'basic' },
    });
    expect(basic.status).toBe(401);
  });

  it('answers a served path asked with another method 405 with Allow, as the default dialect does', async () => {
    const { ProcessId } = await ft3();
    for (const [method, path, allow] of [
      ['DELETE', `/open-api/processes/${ProcessId}/details`, 'GET'],
      ['GET', '/open-api/processes/start', 'POST'],
      ['PUT', `/open-api/processes/${ProcessId}/add-note`, 'POST'],
    ] as const) {
      const reply = await vendor(method, path);
      expect(reply.status, `${method} ${path}`).toBe(405);
      expect(reply.headers.allow).toBe(allow);
      // In the dialect's error shape: Problem Details, as ASP.NET Core answers a 405.
      expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(reply.json).toMatchObject({
        title: 'Method Not Allowed',
        status: 405,
        detail: `${method} is not allowed here; use ${allow}.`,
      });
    }
  });

  it('accepts PascalCase requests and answers every change 200 with {}', async () => {
    const { ProcessId } = await ft3();
    const note = await vendor('POST', `/open-api/processes/${ProcessId}/add-note`, {
      body: { Contents: 'Read in the back office.', VisibleToAccounts: false },
    });
    expect({ status: note.status, text: note.text, location: note.headers.location }).toEqual({
      status: 200,
      text: '{}',
      location: undefined,
    });
    const after = await ft3();
    expect(after.Notes.at(-1)).toMatchObject({ Contents: 'Read in the back office.', Author: t.key.name });

    const started = await vendor('POST', '/open-api/processes/start', {
      body: { ProcessTypeId: flyTippingTypeId, ExternalReference: 'VENDOR-1', Accounts: [], Documents: [] },
    });
    expect([started.status, started.text]).toEqual([200, '{}']);
    expect((await vendor('GET', '/open-api/processes/by-reference/VENDOR-1')).json.ProcessTypeId).toBe(
      flyTippingTypeId,
    );
  });

  it('refuses a request that spells a key two ways with different values', async () => {
    const { ProcessId } = await ft3();
    const reply = await vendor('POST', `/open-api/processes/${ProcessId}/add-note`, {
      body: { Contents: 'one', contents: 'two' },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.detail).toBe(
      'The request body spells a key two ways: "Contents" and "contents" are both present with different values.',
    );
  });

  it('refuses in RFC 9457 Problem Details, as ASP.NET Core does by default', async () => {
    const unknown = '00000000-0000-0000-0000-00000000abcd';
    const missing = await vendor('GET', `/open-api/processes/${unknown}/details`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(missing.json).toEqual({
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
      title: 'Not Found',
      status: 404,
      detail: `No process has the id ${unknown}; check the id.`,
      traceId: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/),
    });
    const again = await vendor('GET', `/open-api/processes/${unknown}/details`);
    expect(again.json.traceId).not.toBe(missing.json.traceId);

    const { ProcessId, Steps } = await ft3();
    const stepId = Steps.find((step: { CompletedOn: string | null }) => step.CompletedOn === null).StepId;
    const invalid = await vendor('POST', `/open-api/processes/${ProcessId}/steps/${stepId}/complete`, {
      body: { Fields: [{ Code: 'OUTCOME', Value: 'Rejected', FieldId: 'not-a-guid' }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(invalid.json).toMatchObject({
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: {
        'Fields[0].FieldId': [
          'The FieldId field must be a GUID such as 00000000-0000-0000-0000-000000000001.',
        ],
      },
    });
    expect(invalid.json.detail).toContain('(the field with code "OUTCOME")');

    const conflict = await vendor('POST', '/open-api/processes/start', {
      body: { ProcessTypeId: flyTippingTypeId, ExternalReference: 'FT-000003', Accounts: [], Documents: [] },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
      title: 'Conflict',
      status: 409,
    });
    expect(conflict.json.errors).toBeUndefined();
  });

  it('publishes a valid description at /swagger/v1/swagger.json, named by Swagger UI at /swagger', async () => {
    const served = await call(t.url, 'GET', '/swagger/v1/swagger.json');
    expect(served.status).toBe(200);
    const document = served.json;
    await SwaggerParser.validate(structuredClone(document));
    expect(document.openapi).toBe('3.0.1');
    expect(Object.keys(document.paths)).toContain('/open-api/processes/by-reference/{externalReference}');
    expect(document.paths['/open-api/processes/{processId}/add-note'].post).toMatchObject({
      operationId: 'AddNote',
      tags: ['Note'],
    });
    expect(Object.values(document.components.securitySchemes)).toEqual([
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key-Id' }),
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key-Secret' }),
    ]);
    expect((await call(t.url, 'GET', '/swagger/openapi.json')).status).toBe(404);
    const page = await call(t.url, 'GET', '/swagger/static/swagger-initializer.js');
    expect(page.text).toContain('/swagger/v1/swagger.json');
  });
});
