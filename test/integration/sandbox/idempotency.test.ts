import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, startTestSandbox, vendorStartSample, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

async function processByReference(reference: string) {
  return (await t.call('GET', `/open-api/processes/external-reference/${reference}`)).json;
}

describe('Idempotency-Key on start-process, complete-step and add-note', () => {
  it('replays start-process: the same 201, body and Location, and starts nothing more', async () => {
    const body = vendorStartSample();
    const headers = { 'idempotency-key': 'start-1' };
    const first = await t.call('POST', '/open-api/processes', { body, headers });
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(`/open-api/processes/${first.json.processId}`);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await t.call('POST', '/open-api/processes', { body, headers });
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers.location).toBe(first.headers.location);
    expect(second.json).toEqual(first.json);

    // Same key, different body: 422, and nothing is started (the reference counter does not move).
    const different = await t.call('POST', '/open-api/processes', {
      body: { ...body, notes: [{ contents: 'Another start', visibleToAccounts: false }] },
      headers,
    });
    expect(different.status).toBe(422);
    expect(different.json.error.code).toBe('idempotency_key_reused');
    expect(different.headers.location).toBeUndefined();

    // A start without a key is a real new process, numbered right after the first one.
    const next = await t.call('POST', '/open-api/processes', { body });
    expect(next.status).toBe(201);
    expect(next.json.processId).not.toBe(first.json.processId);
    expect(next.headers.location).toBe(`/open-api/processes/${next.json.processId}`);
    const number = (reference: string) => Number(reference.split('-')[1]);
    expect(number(next.json.externalReference)).toBe(number(first.json.externalReference) + 1);
  });

  it('replays a start with an external reference instead of refusing it as taken', async () => {
    const body = { ...vendorStartSample(), externalReference: 'IDEM-START-1' };
    const headers = { 'idempotency-key': 'start-with-reference' };
    const first = await t.call('POST', '/open-api/processes', { body, headers });
    expect(first.status).toBe(201);
    const second = await t.call('POST', '/open-api/processes', { body, headers });
    expect(second.status).toBe(201);
    expect(second.json.processId).toBe(first.json.processId);
    expect(second.headers.location).toBe(first.headers.location);
    const withoutKey = await t.call('POST', '/open-api/processes', { body });
    expect(withoutKey.status).toBe(409);
    expect(withoutKey.json.error.code).toBe('external_reference_taken');
  });

  it('replays the first complete-step response and changes nothing the second time', async () => {
    const process = await processByReference('FT-000003');
    const stepId = process.steps[1].stepId;
    const path = `/open-api/processes/${process.processId}/steps/${stepId}/complete`;
    const body = { fields: [field('OUTCOME', 'Accepted')] };
    const headers = { 'idempotency-key': 'complete-ft3-1' };
    const first = await t.call('POST', path, { body, headers });
    expect(first.status).toBe(200);
    const second = await t.call('POST', path, { body, headers });
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json).toEqual(first.json);
    const reordered = await t.call('POST', path, {
      raw: JSON.stringify({ fields: [{ ...body.fields[0] }] }),
      contentType: 'application/json',
      headers,
    });
    expect(reordered.status).toBe(200);
    const after = await processByReference('FT-000003');
    expect(after.steps.map((s: { name: string }) => s.name)).toEqual([
      'Send to back office',
      'Back office assessment',
      'Arrange collection',
    ]);
    // Without the key the same request is a real second attempt: the step is no longer current.
    const withoutKey = await t.call('POST', path, { body });
    expect(withoutKey.status).toBe(409);
  });

  it('refuses the same key with a different body (422)', async () => {
    const process = await processByReference('FT-000006');
    const path = `/open-api/processes/${process.processId}/notes`;
    const headers = { 'idempotency-key': 'note-ft6' };
    const first = await t.call('POST', path, {
      body: { contents: 'One', visibleToAccounts: false },
      headers,
    });
    expect(first.status).toBe(201);
    const different = await t.call('POST', path, {
      body: { contents: 'Two', visibleToAccounts: false },
      headers,
    });
    expect(different.status).toBe(422);
    expect(different.json.error.code).toBe('idempotency_key_reused');
    const otherPath = await t.call(
      'POST',
      `/open-api/processes/${process.processId}/steps/${process.steps[1].stepId}/complete`,
      {
        body: { contents: 'One', visibleToAccounts: false },
        headers,
      },
    );
    expect(otherPath.status).toBe(422);
  });

  it('replays add-note: one note, the same noteId', async () => {
    const process = await processByReference('FT-000005');
    const path = `/open-api/processes/${process.processId}/notes`;
    const body = { contents: 'Called the back office', visibleToAccounts: false };
    const headers = { 'idempotency-key': 'note-ft5' };
    const first = await t.call('POST', path, { body, headers });
    const second = await t.call('POST', path, { body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json.noteId).toBe(first.json.noteId);
    const after = await processByReference('FT-000005');
    expect(after.notes.filter((n: { contents: string }) => n.contents === body.contents)).toHaveLength(1);
  });

  it('scopes keys per API key, and refuses malformed keys', async () => {
    const process = await processByReference('FT-000007');
    const path = `/open-api/processes/${process.processId}/notes`;
    const body = { contents: 'Same key, other client', visibleToAccounts: false };
    const headers = { 'idempotency-key': 'shared-key' };
    const other = t.sandbox.createApiKey('Other client');
    const mine = await t.call('POST', path, { body, headers });
    const theirs = await t.call('POST', path, { body, headers, auth: { key: other } });
    expect(theirs.json.noteId).not.toBe(mine.json.noteId);
    expect(theirs.json.author).toBe('Other client');
    const tooLong = await t.call('POST', path, { body, headers: { 'idempotency-key': 'x'.repeat(256) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.code).toBe('invalid_idempotency_key');
  });
});
