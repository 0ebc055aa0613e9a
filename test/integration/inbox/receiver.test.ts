import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliverySummary } from '../../../src-shared/inbox';
import { Failure } from '../../../src-main/core/failure';
import { createInbox } from '../../../src-main/core/inbox/receiver';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { samplePayload, send, startTestInbox, type TestInbox } from './helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function inbox(...args: Parameters<typeof startTestInbox>): Promise<TestInbox> {
  const started = await startTestInbox(...args);
  cleanups.push(() => started.stop());
  return started;
}

function only(t: TestInbox) {
  const [summary, ...others] = t.inbox.list();
  expect(others).toHaveLength(0);
  return t.inbox.get(summary!.id);
}

describe('the inbox receiver', () => {
  it('records a valid POST or PUT as new, with redacted headers, before answering with the configured reply', async () => {
    const t = await inbox();
    await t.inbox.configure('p1', { reply: { body: { BackOfficeReference: 'BO-1042' } } });
    const seen: DeliverySummary[] = [];
    const unsubscribe = t.inbox.subscribe((summary) => seen.push(summary));
    const url = t.inbox.deliveryUrl('p1')!;
    expect(url).toBe(`${t.url}/inbox/p1`);
    const answer = await send(url, {
      body: samplePayload(1),
      headers: { 'x-api-key': 'KEY-VALUE', authorization: 'Bearer TOKEN-VALUE', 'x-trace': 'visible' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ BackOfficeReference: 'BO-1042' });
    const delivery = only(t);
    expect(delivery).toMatchObject({
      profileId: 'p1',
      method: 'POST',
      path: '/inbox/p1',
      status: 'new',
      reason: null,
      processId: samplePayload(1).ProcessId,
      externalReference: 'FT-000001',
      documentCount: 1,
      fieldCount: 1,
      replyStatus: 200,
      replyBody: { BackOfficeReference: 'BO-1042' },
      payload: samplePayload(1),
    });
    expect(delivery.view?.documents[0]).toMatchObject({ documentId: 'doc-1', name: 'service-request.xml' });
    expect(delivery.headers).toMatchObject({
      'x-api-key': '[redacted]',
      authorization: '[redacted]',
      'x-trace': 'visible',
    });
    expect(seen.map((s) => s.id)).toEqual([delivery.id]);
    unsubscribe();
    expect((await send(url, { method: 'PUT', body: samplePayload(2) })).status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(t.inbox.list()[0]).toMatchObject({ externalReference: 'FT-000002', status: 'new' });
    expect(t.inbox.get(t.inbox.list()[0]!.id).method).toBe('PUT');
    expect((await send(`${t.url}/inbox/health`, { method: 'GET' })).status).toBe(200);
  });

  it('answers malformed JSON with 400 and records it as rejected with the parse reason and the body start', async () => {
    const t = await inbox();
    const answer = await send(t.inbox.deliveryUrl('p1')!, {
      raw: '{"ProcessId": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('invalid_json');
    const delivery = only(t);
    expect(delivery).toMatchObject({
      status: 'rejected',
      replyStatus: 400,
      payload: null,
      rawExcerpt: '{"ProcessId": "x",',
    });
    expect(delivery.reason).toMatch(/^The body is not valid JSON: /);
    expect(delivery.replyBody).toEqual(answer.json);
  });

  it('answers an invalid payload with 400 naming the key, keeping only the start of its body', async () => {
    const t = await inbox();
    const body = { ...samplePayload(1), ProcessId: 'not-a-guid', Pad: 'p'.repeat(10_000) };
    const answer = await send(t.inbox.deliveryUrl('p1')!, { body });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      code: 'invalid_payload',
      message: expect.stringMatching(/ProcessId must be a GUID/),
    });
    const delivery = only(t);
    expect(delivery).toMatchObject({
      status: 'rejected',
      payload: null,
      view: null,
      reason: expect.stringMatching(/ProcessId/),
    });
    expect(JSON.stringify(body).startsWith(delivery.rawExcerpt!)).toBe(true);
    expect(delivery.rawExcerpt).toHaveLength(4096);
  });

  it('answers a payload nested 100,000 levels deep with 400 invalid_payload and a sentence', async () => {
    const t = await inbox();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const sample = JSON.stringify(samplePayload(1));
    for (const raw of [
      sample.replace('"GeoTag":null', `"GeoTag":${deep}`),
      sample.replace('"GeoTag":null', `"GeoTag":null,"Extra":${deep}`),
    ]) {
      const answer = await send(t.inbox.deliveryUrl('p1')!, {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual({
        code: 'invalid_payload',
        message:
          "The payload is nested more than 64 levels deep; a REST API step's payload is a few levels deep, " +
          'so send the payload as the service sent it.',
      });
    }
    expect(t.inbox.list().map((summary) => [summary.status, summary.replyStatus])).toEqual([
      ['rejected', 400],
      ['rejected', 400],
    ]);
    // Still answering: a valid delivery after them is recorded.
    expect((await send(t.inbox.deliveryUrl('p1')!, { body: samplePayload(2) })).status).toBe(200);
  });

  it('answers a body over 1 MiB with 413, declared or streamed, and records both as rejected', async () => {
    const t = await inbox();
    const url = t.inbox.deliveryUrl('p1')!;
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    const declared = await send(url, { raw: big, headers: { 'content-type': 'application/json' } });
    expect(declared.status).toBe(413);
    expect(declared.json.error.code).toBe('payload_too_large');
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 'b'));
    const streamed = await send(url, {
      raw: Readable.from(chunks),
      headers: { 'content-type': 'application/json' },
    });
    expect(streamed.status).toBe(413);
    const records = t.inbox.list();
    expect(records.map((r) => [r.status, r.replyStatus])).toEqual([
      ['rejected', 413],
      ['rejected', 413],
    ]);
    expect(records[0]!.reason).toMatch(/larger than 1 MiB/);
    expect(t.inbox.get(records[0]!.id).rawExcerpt?.length).toBeLessThanOrEqual(4096);
    // Exactly 1 MiB is still read.
    const padded = JSON.stringify(samplePayload(9));
    const exact = padded.slice(0, -1) + `,"Pad":"${'p'.repeat(1024 * 1024 - padded.length - 9)}"}`;
    expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
    expect((await send(url, { raw: exact, headers: { 'content-type': 'application/json' } })).status).toBe(
      200,
    );
  });

  it('answers anything but application/json with 415, recorded as rejected', async () => {
    const t = await inbox();
    const url = t.inbox.deliveryUrl('p1')!;
    const text = await send(url, {
      raw: JSON.stringify(samplePayload(1)),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.json.error.code).toBe('unsupported_media_type');
    const none = await send(url, { raw: JSON.stringify(samplePayload(1)) });
    expect(none.status).toBe(415);
    const withCharset = await send(url, {
      body: samplePayload(3),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(200);
    expect(t.inbox.list({ status: 'rejected' }).map((r) => r.replyStatus)).toEqual([415, 415]);
    expect(t.inbox.list({ status: 'rejected' })[1]!.reason).toMatch(/not text\/plain/);
  });

  it('answers an unknown or switched-off profile with 404 and another method with 405, recording none', async () => {
    const t = await inbox({ enable: ['p1'] });
    await t.inbox.configure('off', { enabled: false });
    const unknown = await send(`${t.url}/inbox/nobody`, { body: samplePayload(1) });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toMatch(/No inbox is set up/);
    const off = await send(`${t.url}/inbox/off`, { body: samplePayload(1) });
    expect(off.status).toBe(404);
    expect(off.json.error.message).toMatch(/is off/);
    const get = await send(t.inbox.deliveryUrl('p1')!, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST, PUT');
    const elsewhere = await send(`${t.url}/somewhere/else`, { body: samplePayload(1) });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json.error.code).toBe('not_found');
    // Anyone on this machine can send these: a record each would let them fill the disk.
    expect(t.inbox.list()).toEqual([]);
  });

  it('demands the shared header: missing or wrong is 401, right is accepted, and the value is stored nowhere', async () => {
    const secrets = createMemorySecretStore();
    const t = await inbox({ secrets });
    const secret = 'SENTINEL-inbox-shared-9c41';
    const view = await t.inbox.setSharedHeader('p1', 'X-Back-Office-Key', secret);
    expect(view).toMatchObject({ sharedHeader: { name: 'X-Back-Office-Key' }, hasSecret: true });
    expect(JSON.stringify(view)).not.toContain(secret);
    const url = t.inbox.deliveryUrl('p1')!;
    const missing = await send(url, { body: samplePayload(1) });
    expect(missing.status).toBe(401);
    const wrong = await send(url, { body: samplePayload(2), headers: { 'X-Back-Office-Key': `${secret}x` } });
    expect(wrong.status).toBe(401);
    const right = await send(url, { body: samplePayload(3), headers: { 'x-back-office-key': secret } });
    expect(right.status).toBe(200);
    const records = t.inbox.list();
    expect(records.map((r) => [r.status, r.replyStatus])).toEqual([
      ['new', 200],
      ['rejected', 401],
      ['rejected', 401],
    ]);
    expect(records[1]!.reason).toBe('The X-Back-Office-Key header does not match.');
    expect(records[2]!.reason).toBe('The X-Back-Office-Key header is missing.');
    expect(t.inbox.get(records[1]!.id).headers['x-back-office-key']).toBe('[redacted]');
    await t.inbox.stop();
    for (const name of readdirSync(join(t.dataDir, 'inbox'))) {
      expect(readFileSync(join(t.dataDir, 'inbox', name)).toString('latin1')).not.toContain(secret);
    }
    const cleared = await t.inbox.clearSharedHeader('p1');
    expect(cleared).toMatchObject({ sharedHeader: null, hasSecret: false, deliveryUrl: null });
  });

  it('answers with a configured 500 or 204, and holds the reply for a configured delay', async () => {
    const t = await inbox();
    const url = t.inbox.deliveryUrl('p1')!;
    await t.inbox.configure('p1', { reply: { status: 500, body: { message: 'Back office down' } } });
    const failed = await send(url, { body: samplePayload(1) });
    expect(failed).toMatchObject({ status: 500, json: { message: 'Back office down' } });
    await t.inbox.configure('p1', { reply: { status: 204 } });
    const empty = await send(url, { body: samplePayload(2) });
    expect(empty).toMatchObject({ status: 204, text: '' });
    await t.inbox.configure('p1', { reply: { status: 200, delayMs: 400, body: {} } });
    const started = Date.now();
    const slow = await send(url, { body: samplePayload(3) });
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(t.inbox.list().map((r) => [r.status, r.replyStatus])).toEqual([
      ['new', 200],
      ['new', 204],
      ['new', 500],
    ]);
    expect(t.inbox.get(t.inbox.list()[1]!.id).replyBody).toBeNull();
  });

  it('records a delayed delivery before the delay, and stopping cuts the held reply off', async () => {
    const t = await inbox();
    await t.inbox.configure('p1', { reply: { delayMs: 30_000 } });
    const pending = send(t.inbox.deliveryUrl('p1')!, { body: samplePayload(1) }).catch(
      (error: Error) => error,
    );
    await expect.poll(() => t.inbox.list().length).toBe(1);
    await t.inbox.stop();
    expect(await pending).toBeInstanceOf(Error);
    // Cut off by the inbox, not given up by the sender: nothing says the service timed out.
    expect(t.inbox.list()[0]).toMatchObject({ status: 'new', replyStatus: 200, senderGaveUpAfterMs: null });
  });

  it('notes a sender that gave up before a delayed reply, and not one that waited for it', async () => {
    const t = await inbox();
    const url = t.inbox.deliveryUrl('p1')!;
    await t.inbox.configure('p1', { reply: { delayMs: 30_000 } });
    const seen: DeliverySummary[] = [];
    const unsubscribe = t.inbox.subscribe((summary) => seen.push(summary));
    // A sender with a time limit of its own, as the service's REST step has.
    const gaveUp = await send(url, { body: samplePayload(1), signal: AbortSignal.timeout(200) }).catch(
      (error: Error) => error,
    );
    expect(gaveUp).toBeInstanceOf(Error);
    await expect.poll(() => t.inbox.list()[0]?.senderGaveUpAfterMs ?? null).not.toBeNull();
    // Measured from when the inbox heard the request: the sender's 200 ms began before it was sent,
    // so on a loaded machine the figure is lower (144 ms seen), never above the limit and the
    // moment it takes to notice the closed connection.
    const after = t.inbox.list()[0]!.senderGaveUpAfterMs!;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(200 + 500);
    expect(t.inbox.list()[0]!.replyStatus).toBe(200);
    // Live listeners hear of it too, so an open inbox changes its wording.
    expect(seen.at(-1)).toMatchObject({ id: t.inbox.list()[0]!.id, senderGaveUpAfterMs: expect.any(Number) });
    unsubscribe();

    await t.inbox.configure('p1', { reply: { delayMs: 50 } });
    expect((await send(url, { body: samplePayload(2) })).status).toBe(200);
    expect(t.inbox.list()[0]).toMatchObject({ externalReference: 'FT-000002', senderGaveUpAfterMs: null });
  });

  it('refuses to listen beyond loopback unless asked to', async () => {
    const fresh = createInbox({ dataDir: (await inbox()).dataDir, secrets: createMemorySecretStore() });
    cleanups.push(() => fresh.close());
    const refused = await fresh.start({ host: '0.0.0.0' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Failure);
    expect((refused as Failure).error.code).toBe('invalid_input');
    expect(fresh.deliveryUrl('p1')).toBeNull();
    const started = await fresh.start({ host: '0.0.0.0', allowNonLoopback: true });
    expect(started.url).toBe(`http://127.0.0.1:${started.port}`);
    expect((await send(`${started.url}/inbox/health`, { method: 'GET' })).status).toBe(200);
    await expect(fresh.start()).rejects.toMatchObject({ error: { code: 'conflict' } });
  });
});
