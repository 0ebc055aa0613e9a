import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkyWasteTypeId,
  flyTippingTypeId,
  isErrorBody,
  startTestSandbox,
  vendorStartSample,
  type TestSandbox,
} from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

const unknownId = '0a0b0c0d-1111-4222-8333-444455556666';
const account = {
  accountId: '5b4e6a0c-7d1f-4e2a-9c3b-8f1d2e3a4b5c',
  reference: 'CUS-1',
  name: 'Ada Lovelace',
};

describe('start a process (operation 1)', () => {
  it('accepts the vendor sample: three Text fields, empty accounts and documents', async () => {
    const reply = await t.call('POST', '/open-api/processes', { body: vendorStartSample() });
    expect(reply.status).toBe(201);
    const process = reply.json;
    expect(reply.headers.location).toBe(`/open-api/processes/${process.processId}`);
    expect(process.processId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(process).toMatchObject({
      processTypeId: flyTippingTypeId,
      processTypeName: 'Report fly-tipping',
      status: 'InProgress',
      completedDate: null,
      accounts: [],
      documents: [],
    });
    expect(process.externalReference).toMatch(/^FT-\d{6}$/);
    expect(process.startedDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(process.fields).toEqual(vendorStartSample().fields);
    expect(process.notes).toHaveLength(1);
    expect(process.notes[0]).toMatchObject({
      contents: 'Started from the vendor sample',
      author: 'Integration test key',
    });
    expect(process.steps).toHaveLength(1);
    expect(process.steps[0]).toMatchObject({
      kind: 'RestApi',
      name: 'Send to back office',
      completedOn: null,
    });

    const byId = await t.call('GET', `/open-api/processes/${process.processId}`);
    expect(byId.status).toBe(200);
    expect(byId.json.fields).toEqual(process.fields);
    const byReference = await t.call(
      'GET',
      `/open-api/processes/external-reference/${process.externalReference}`,
    );
    expect(byReference.json.processId).toBe(process.processId);
    const lowerCase = await t.call(
      'GET',
      `/open-api/processes/external-reference/${process.externalReference.toLowerCase()}`,
    );
    expect(lowerCase.json.processId).toBe(process.processId);
    const upperId = await t.call('GET', `/open-api/processes/${process.processId.toUpperCase()}`);
    expect(upperId.json.processId).toBe(process.processId);
  });

  it('assigns references in order and accepts a chosen external reference once', async () => {
    const first = await t.call('POST', '/open-api/processes', { body: vendorStartSample() });
    const second = await t.call('POST', '/open-api/processes', { body: vendorStartSample() });
    const number = (reference: string) => Number(reference.slice(3));
    expect(number(second.json.externalReference)).toBe(number(first.json.externalReference) + 1);
    const chosen = await t.call('POST', '/open-api/processes', {
      body: { ...vendorStartSample(), externalReference: 'MY-REF-1' },
    });
    expect(chosen.status).toBe(201);
    expect(chosen.json.externalReference).toBe('MY-REF-1');
    const again = await t.call('POST', '/open-api/processes', {
      body: { ...vendorStartSample(), externalReference: 'my-ref-1' },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('external_reference_taken');
  });

  it('refuses a fieldId that is not a GUID with 400 naming the field and its index', async () => {
    const body = vendorStartSample();
    body.fields[1]!.fieldId = 'not-a-guid';
    const reply = await t.call('POST', '/open-api/processes', { body });
    expect(reply.status).toBe(400);
    expect(reply.json.error.code).toBe('invalid_field_id');
    expect(reply.json.error.message).toContain('fields[1].fieldId');
    expect(reply.json.error.message).toContain('FIELDVALUE2');
    expect(reply.json.error.details[0]).toMatchObject({ path: 'fields[1].fieldId' });
  });

  it('refuses documents at start, and fields that are not Text', async () => {
    const withDocument = await t.call('POST', '/open-api/processes', {
      body: { ...vendorStartSample(), documents: [{ filename: 'a.txt' }] },
    });
    expect(withDocument.status).toBe(400);
    expect(withDocument.json.error.code).toBe('documents_not_allowed');
    const body = vendorStartSample();
    body.fields[2]!.fieldType = 'Date';
    const notText = await t.call('POST', '/open-api/processes', { body });
    expect(notText.status).toBe(400);
    expect(notText.json.error).toMatchObject({ code: 'unsupported_field_type' });
    expect(notText.json.error.message).toContain('fields[2]');
    expect(notText.json.error.message).toContain('FIELDVALUE3');
  });

  it('requires a customer account only where the process type says so (422)', async () => {
    const without = await t.call('POST', '/open-api/processes', {
      body: vendorStartSample(bulkyWasteTypeId),
    });
    expect(without.status).toBe(422);
    expect(without.json.error.code).toBe('account_required');
    const withAccount = await t.call('POST', '/open-api/processes', {
      body: { ...vendorStartSample(bulkyWasteTypeId), accounts: [account] },
    });
    expect(withAccount.status).toBe(201);
    expect(withAccount.json.accounts).toEqual([account]);
    expect(withAccount.json.externalReference).toMatch(/^BW-\d{6}$/);
    expect(withAccount.json.steps[0]).toMatchObject({ kind: 'Standard', name: 'Check request' });
    expect(withAccount.json.steps[0]).not.toHaveProperty('restCall');
    expect(withAccount.json.allocatedUser).toBe('Waste services');
  });

  it('answers 422 for an unknown process type and 400 for a malformed body', async () => {
    const unknown = await t.call('POST', '/open-api/processes', { body: vendorStartSample(unknownId) });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.code).toBe('unknown_process_type');
    const missing = await t.call('POST', '/open-api/processes', { body: { accounts: [] } });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toContain('processTypeId');
    const wrongType = await t.call('POST', '/open-api/processes', {
      body: { ...vendorStartSample(), notes: 'x' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error.message).toBe('notes must be an array.');
    const badAccount = await t.call('POST', '/open-api/processes', {
      body: { ...vendorStartSample(), accounts: [{ ...account, accountId: 'x' }] },
    });
    expect(badAccount.status).toBe(400);
    expect(badAccount.json.error.code).toBe('invalid_id');
  });
});

describe('read processes (operations 2, 3, 4)', () => {
  it('answers 404 for unknown ids and references, 400 for malformed ids', async () => {
    for (const path of [
      `/open-api/processes/${unknownId}`,
      `/open-api/processes/${unknownId}/steps`,
      `/open-api/processes/${unknownId}/current-step`,
      '/open-api/processes/external-reference/NO-SUCH-REF',
      '/open-api/processes/external-reference/NO-SUCH-REF/steps',
    ]) {
      const reply = await t.call('GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.json.error.code, path).toBe('process_not_found');
      expect(isErrorBody(reply.json)).toBe(true);
    }
    const note = await t.call('POST', `/open-api/processes/${unknownId}/notes`, { body: { contents: 'x' } });
    expect(note.status).toBe(404);
    const document = await t.call('GET', `/open-api/documents/${unknownId}`);
    expect(document.status).toBe(404);
    expect(document.json.error.code).toBe('document_not_found');
    const malformed = await t.call('GET', '/open-api/processes/12345');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({ code: 'invalid_id' });
    expect(malformed.json.error.message).toContain('processId in the path');
  });

  it('lists steps by id and by external reference, in order', async () => {
    const byReference = await t.call('GET', '/open-api/processes/external-reference/FT-000001/steps');
    expect(byReference.status).toBe(200);
    expect(byReference.json.map((step: { name: string }) => step.name)).toEqual([
      'Send to back office',
      'Back office assessment',
      'Arrange collection',
    ]);
    const process = await t.call('GET', '/open-api/processes/external-reference/FT-000001');
    const byId = await t.call('GET', `/open-api/processes/${process.json.processId}/steps`);
    expect(byId.json).toEqual(byReference.json);
    expect(process.json).toMatchObject({ status: 'Completed', allocatedUser: null });
    expect(process.json.completedDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });
});
