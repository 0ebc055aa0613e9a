import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { Failure } from '../../../../../src-main/core/failure';
import { createDeliveryStore, type NewDelivery } from '../../../../../src-main/core/inbox/delivery-store';
import { parseDeliveryPayload } from '../../../../../src-main/core/inbox/payload';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pc-inbox-store-'));
  folders.push(dir);
  return dir;
}

const processId = '3f2a9c1e-0b7d-4e5f-9a1b-2c3d4e5f6a7b';

function valid(profileId: string, reference: string): NewDelivery {
  const payload = {
    ProcessId: processId,
    ExternalReference: reference,
    Documents: [
      { Name: 'a.xml', ContentType: 'text/xml', Links: [{ Rel: 'self', Href: '/open-api/documents/d1' }] },
    ],
    Fields: [{ Label: 'First name', Code: 'FirstName', ValueAsString: 'Ada' }],
  };
  return {
    profileId,
    method: 'POST',
    path: `/inbox/${profileId}`,
    headers: { 'content-type': 'application/json' },
    payload,
    rawExcerpt: null,
    replyStatus: 200,
    replyBody: { BackOfficeReference: 'BO-1042' },
    status: 'new',
    reason: null,
    view: parseDeliveryPayload(payload),
  };
}

const rejected = (profileId: string): NewDelivery => ({
  profileId,
  method: 'POST',
  path: `/inbox/${profileId}`,
  headers: {},
  payload: undefined,
  rawExcerpt: '{"ProcessId": ',
  replyStatus: 400,
  replyBody: { error: { code: 'invalid_json', message: 'The body is not valid JSON' } },
  status: 'rejected',
  reason: 'The body is not valid JSON',
  view: null,
});

function failure(action: () => unknown): Failure {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(Failure);
    return error as Failure;
  }
  throw new Error('no failure');
}

describe('delivery store', () => {
  it('records and reads back a delivery with its view, and lists newest first with filters and pages', () => {
    let tick = Date.parse('2026-06-03T09:00:00Z');
    const store = createDeliveryStore(folder(), () => new Date((tick += 1000)));
    const first = store.record(valid('a', 'FT-1'))!;
    store.record(rejected('a'));
    const third = store.record(valid('b', 'FT-3'))!;
    expect(first).toEqual({
      id: first.id,
      receivedAt: '2026-06-03T09:00:01.000Z',
      profileId: 'a',
      status: 'new',
      reason: null,
      processId,
      externalReference: 'FT-1',
      documentCount: 1,
      fieldCount: 1,
      replyStatus: 200,
      senderGaveUpAfterMs: null,
    });
    expect(store.list().map((d) => d.externalReference)).toEqual(['FT-3', null, 'FT-1']);
    expect(store.list({ profileId: 'a' })).toHaveLength(2);
    expect(store.list({ status: 'rejected' })[0]).toMatchObject({
      reason: 'The body is not valid JSON',
      replyStatus: 400,
    });
    expect(store.list({ limit: 1 }).map((d) => d.id)).toEqual([third.id]);
    expect(store.list({ before: third.id, limit: 1 })[0]!.status).toBe('rejected');
    const full = store.get(first.id);
    expect(full).toMatchObject({
      method: 'POST',
      path: '/inbox/a',
      replyBody: { BackOfficeReference: 'BO-1042' },
    });
    expect(full.view?.documents[0]?.documentId).toBe('d1');
    expect(full.payload).toMatchObject({ ExternalReference: 'FT-1' });
    const refused = store.get(store.list({ status: 'rejected' })[0]!.id);
    expect(refused).toMatchObject({ payload: null, view: null, rawExcerpt: '{"ProcessId": ' });
    expect(failure(() => store.list({ limit: 1001 })).message).toMatch(/limit/);
    expect(failure(() => store.get('nope')).error.code).toBe('not_found');
  });

  it('moves a delivery through new, in progress and handled, but never a rejected one', () => {
    const store = createDeliveryStore(folder());
    const delivery = store.record(valid('a', 'FT-1'))!;
    expect(store.setStatus(delivery.id, 'in progress').status).toBe('in progress');
    expect(store.setStatus(delivery.id, 'handled').status).toBe('handled');
    expect(store.get(delivery.id).status).toBe('handled');
    const bad = store.record(rejected('a'))!;
    expect(failure(() => store.setStatus(bad.id, 'handled')).error.code).toBe('conflict');
    expect(failure(() => store.setStatus(delivery.id, 'rejected' as never)).error.code).toBe('invalid_input');
  });

  it('keeps walk progress per delivery across a reopen', () => {
    const dir = folder();
    const store = createDeliveryStore(dir);
    const delivery = store.record(valid('a', 'FT-1'))!;
    expect(store.getProgress(delivery.id)).toEqual({ stage: null, unreadable: null });
    store.saveProgress(delivery.id, { kind: 'openDocument', documentId: null });
    const reached = { kind: 'updateBackOffice', documentId: 'd1', backOfficeReference: null } as const;
    expect(store.saveProgress(delivery.id, reached)).toEqual(reached);
    store.close();
    const reopened = createDeliveryStore(dir);
    expect(reopened.getProgress(delivery.id)).toEqual({ stage: reached, unreadable: null });
    expect(failure(() => reopened.saveProgress('nope', { kind: 'readPayload' })).error.code).toBe(
      'not_found',
    );
    reopened.close();
    const db = new DatabaseSync(join(dir, 'inbox', 'inbox.db'), { readOnly: true });
    // The stage's number stays in its column, as the previous version wrote it.
    expect(db.prepare('SELECT stage FROM progress').get()).toEqual({ stage: 3 });
    db.close();
  });

  it('reads progress the previous version saved, and sets aside a row that fails the schema', () => {
    const dir = folder();
    const store = createDeliveryStore(dir);
    const old = store.record(valid('a', 'FT-1'))!;
    const broken = store.record(valid('a', 'FT-2'))!;
    const garbled = store.record(valid('a', 'FT-3'))!;
    const db = new DatabaseSync(join(dir, 'inbox', 'inbox.db'));
    const put = db.prepare(
      'INSERT INTO progress (delivery_id, stage, data_json, updated_at) VALUES (?, ?, ?, ?)',
    );
    put.run(old.id, 3, JSON.stringify({ documentOpened: 'd1' }), '2026-01-01T00:00:00Z');
    put.run(broken.id, 10_000, JSON.stringify({}), '2026-01-01T00:00:00Z');
    put.run(garbled.id, 2, '{not json', '2026-01-01T00:00:00Z');
    db.close();
    expect(store.getProgress(old.id)).toEqual({
      stage: { kind: 'updateBackOffice', documentId: 'd1', backOfficeReference: null },
      unreadable: null,
    });
    const set = store.getProgress(broken.id);
    expect(set.stage).toBeNull();
    expect(set.unreadable).toMatch(/^The saved walk could not be read: stage .*It starts again\.$/);
    expect(store.getProgress(garbled.id)).toEqual({
      stage: null,
      unreadable: expect.stringMatching(/not JSON/) as unknown,
    });
    store.close();
  });

  it('opens the database in WAL mode and records its migrations', () => {
    const dir = folder();
    createDeliveryStore(dir).close();
    const db = new DatabaseSync(join(dir, 'inbox', 'inbox.db'), { readOnly: true });
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('SELECT version FROM schema_migrations').all()).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
    ]);
    db.close();
  });
});
