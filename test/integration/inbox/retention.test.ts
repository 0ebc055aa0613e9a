import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/create-core';
import { createInbox } from '../../../src-main/core/inbox/receiver';
import { sharedHeaderAccount } from '../../../src-main/core/inbox/inbox-settings';
import { deleteProfile } from '../../../src-main/core/profile-views';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { sourceDocumentWorker } from '../../support/document-worker';
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

function references(t: TestInbox): Array<string | null> {
  return t.inbox.list().map((summary) => summary.externalReference ?? summary.reason);
}

describe('what the inbox keeps', () => {
  it('drops the oldest handled delivery first, then the oldest rejected, never a new one; then answers 507', async () => {
    const t = await inbox();
    await t.inbox.configure('p1', { limits: { maxDeliveries: 3 } });
    const url = t.inbox.deliveryUrl('p1')!;
    const post = (n: number) => send(url, { body: samplePayload(n) });
    expect((await send(url, { body: { ProcessId: 'bad' } })).status).toBe(400);
    expect((await post(1)).status).toBe(200);
    expect((await post(2)).status).toBe(200);
    const second = t.inbox.list().find((summary) => summary.externalReference === 'FT-000002')!;
    t.inbox.setStatus(second.id, 'handled');
    expect((await post(3)).status).toBe(200); // Drops FT-000002 (handled), though the rejected one is older.
    expect(references(t)).toEqual(['FT-000003', 'FT-000001', expect.stringMatching(/ProcessId/)]);
    expect((await post(4)).status).toBe(200); // No handled one left: drops the rejected one.
    expect(references(t)).toEqual(['FT-000004', 'FT-000003', 'FT-000001']);
    const full = await post(5);
    expect(full.status).toBe(507);
    expect(full.json.error.code).toBe('inbox_full');
    expect(references(t)).toEqual(['FT-000004', 'FT-000003', 'FT-000001']);
    const view = await t.inbox.settings('p1');
    expect(view.refused.full).toBe(1);
    expect(view.problem).toMatch(/full.*3 deliveries.*Mark deliveries handled or raise the cap/);
  });

  it('never lets rejected requests push out the handled history: they take a tenth of the cap', async () => {
    const t = await inbox();
    await t.inbox.configure('p1', { limits: { maxDeliveries: 20 } });
    const url = t.inbox.deliveryUrl('p1')!;
    for (let n = 1; n <= 18; n += 1) expect((await send(url, { body: samplePayload(n) })).status).toBe(200);
    for (const summary of t.inbox.list()) t.inbox.setStatus(summary.id, 'handled');
    for (let n = 0; n < 30; n += 1) await send(url, { body: { ProcessId: `forged-${n}` } });
    const kept = t.inbox.list();
    expect(kept.filter((summary) => summary.status === 'handled')).toHaveLength(18);
    const rejected = kept.filter((summary) => summary.status === 'rejected');
    expect(rejected).toHaveLength(2);
    // The newest rejected ones are kept: they push out only older rejected ones.
    expect(kept[0]!.status).toBe('rejected');
  });

  it('keeps a profile under its byte cap by dropping the oldest handled deliveries', async () => {
    const t = await inbox();
    await t.inbox.configure('p1', { limits: { maxBytes: 64 * 1024 } });
    const url = t.inbox.deliveryUrl('p1')!;
    const big = (n: number) => ({ ...samplePayload(n), Pad: 'p'.repeat(20 * 1024) });
    for (const n of [1, 2, 3]) expect((await send(url, { body: big(n) })).status).toBe(200);
    for (const summary of t.inbox.list()) t.inbox.setStatus(summary.id, 'handled');
    expect((await send(url, { body: big(4) })).status).toBe(200);
    expect(references(t)).toEqual(['FT-000004', 'FT-000003', 'FT-000002']);
  });
});

describe('a new profile', () => {
  it('requires a shared header with a generated 32-byte secret, shown once and kept in the keychain', async () => {
    const secrets = createMemorySecretStore();
    const t = await inbox({ secrets, enable: [] });
    const first = await t.inbox.configure('p2', { enabled: true });
    expect(first.sharedHeader).toEqual({ name: 'X-Inbox-Secret' });
    expect(first.hasSecret).toBe(true);
    const secret = first.generatedSecret!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await secrets.get(sharedHeaderAccount('p2'))).toBe(secret);
    expect((await t.inbox.settings('p2')).generatedSecret).toBeNull();
    await t.inbox.configure('p2', { enabled: false });
    expect((await t.inbox.configure('p2', { enabled: true })).generatedSecret).toBeNull();
    const url = t.inbox.deliveryUrl('p2')!;
    expect((await send(url, { body: samplePayload(1) })).status).toBe(401);
    expect((await send(url, { body: samplePayload(2), headers: { 'x-inbox-secret': secret } })).status).toBe(
      200,
    );
  });

  it('does not bring back a cleared header when the profile is turned on again after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-inbox-old-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const t = await inbox({ dataDir });
    await t.inbox.close();
    const reopened = createInbox({ dataDir, secrets: createMemorySecretStore() });
    cleanups.push(() => reopened.close());
    expect((await reopened.configure('p1', { enabled: true })).sharedHeader).toBeNull();
  });
});

describe('deleting a profile', () => {
  it('deletes its deliveries, its receiver settings and its shared header secret', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-inbox-delete-'));
    const secrets = createMemorySecretStore();
    const core = await createCore({
      shell: 'web',
      dataDir,
      documentWorker: sourceDocumentWorker,
      secretStore: secrets,
    });
    cleanups.push(async () => {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const save = (name: string) =>
      core.profiles.save({ name, baseUrl: 'http://127.0.0.1:9', environment: 'test', keyName: 'Key' });
    const gone = save('Gone');
    const kept = save('Kept');
    await core.inbox.start();
    const secrets2: Record<string, string> = {};
    for (const profile of [gone, kept]) {
      secrets2[profile.id] = (await core.inbox.configure(profile.id, { enabled: true })).generatedSecret!;
      const url = core.inbox.deliveryUrl(profile.id)!;
      const answer = await send(url, {
        body: samplePayload(1),
        headers: { 'x-inbox-secret': secrets2[profile.id]! },
      });
      expect(answer.status).toBe(200);
    }
    await deleteProfile(core, gone.id);
    expect(core.inbox.list({ profileId: gone.id })).toEqual([]);
    expect(core.inbox.list({ profileId: kept.id })).toHaveLength(1);
    expect(await secrets.get(sharedHeaderAccount(gone.id))).toBeNull();
    expect((await core.inbox.settings(gone.id)).enabled).toBe(false);
    const late = await send(core.inbox.deliveryUrl(gone.id)!, { body: samplePayload(2) });
    expect(late.status).toBe(404);
    expect(core.inbox.list({ profileId: gone.id })).toEqual([]);
  });
});
