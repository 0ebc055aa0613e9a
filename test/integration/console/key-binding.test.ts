import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import { startLoggingProxy, type LoggingProxy } from '../../support/logging-proxy';
import type { ProfileView } from '../../../src-shared/profile';
import type { Result } from '../../../src-shared/result';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';

/**
 * A stored key is bound to the way it travels. The attack: a profile with a key in the real
 * keychain is edited to go through another proxy, one that logs what it tunnels. Nothing carrying
 * the key may cross it, and the profile must say it has no key, until the user sets one again.
 */

let core: Core;
let sandbox: RunningSandbox;
let proxy: LoggingProxy;
let key: { apiKey: string; apiSecret: string };

beforeAll(async () => {
  core = await createCore({
    shell: 'web',
    dataDir: mkdtempSync(join(tmpdir(), 'pc-key-binding-')),
    documentWorker: sourceDocumentWorker,
  });
  sandbox = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-key-binding-sandbox-')), port: 0 });
  const made = sandbox.createApiKey('Key binding key');
  key = { apiKey: made.apiKey, apiSecret: made.apiSecret };
  proxy = await startLoggingProxy();
});

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  await core?.close();
});

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`the call failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const keyParts = () => [
  key.apiKey,
  key.apiSecret,
  Buffer.from(`${key.apiKey}:${key.apiSecret}`).toString('base64'),
];

async function profileWithKey(name: string, environment: 'test' | 'live') {
  const base = { name, baseUrl: sandbox.url, environment, keyName: 'Key binding key' };
  const saved = value<ProfileView>(await dispatch(core, 'profiles.save', base));
  value(await dispatch(core, 'profiles.setCredentials', { profileId: saved.id, ...key }));
  const lookUp = () =>
    dispatch(core, 'processes.getByReference', { profileId: saved.id, externalReference: 'FT-000003' });
  expect((await lookUp()).ok).toBe(true);
  return { base: { ...base, id: saved.id }, id: saved.id, lookUp };
}

describe('a key and its proxy', () => {
  it('sends nothing with the key through a new proxy, and the profile reports no key', async () => {
    const { base, id, lookUp } = await profileWithKey('Proxy tenant', 'test');
    const moved = value<ProfileView>(
      await dispatch(core, 'profiles.save', { ...base, proxy: { mode: 'url', url: proxy.url } }),
    );
    expect(moved).toMatchObject({ proxy: { mode: 'url' }, hasCredentials: false, keyHint: null });
    const listed = value<{ profiles: ProfileView[] }>(await dispatch(core, 'profiles.list', {}));
    expect(listed.profiles.find((profile) => profile.id === id)?.hasCredentials).toBe(false);

    const after = await lookUp();
    expect(after).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(!after.ok && after.error.message).toMatch(/set its credentials/);
    for (const part of keyParts()) expect(proxy.seen()).not.toContain(part);

    // The proxy is real and would have seen the key: set it again, on purpose, and it crosses.
    value(await dispatch(core, 'profiles.setCredentials', { profileId: id, ...key }));
    expect((await lookUp()).ok).toBe(true);
    expect(proxy.count).toBeGreaterThan(0);
    expect(proxy.seen().toLowerCase()).toContain(`x-api-key: ${key.apiKey.toLowerCase()}`);
  });

  it('on a live profile, asks for the typed profile name before moving the key', async () => {
    const { base, id } = await profileWithKey('Live proxy tenant', 'live');
    const viaProxy = { ...base, proxy: { mode: 'url', url: proxy.url } };
    for (const confirmName of [undefined, 'live proxy tenant']) {
      const refused = await dispatch(core, 'profiles.save', { ...viaProxy, confirmName });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(!refused.ok && refused.error.message).toContain('Type the profile name "Live proxy tenant"');
    }
    expect(core.profiles.get(id).proxy).toEqual({ mode: 'system' });
    expect(await core.vault.status(id)).toMatchObject({ hasCredentials: true });

    const moved = value<ProfileView>(
      await dispatch(core, 'profiles.save', { ...viaProxy, confirmName: 'Live proxy tenant' }),
    );
    expect(moved).toMatchObject({ proxy: { mode: 'url' }, hasCredentials: false });
  });
});

describe('a key and the header names it travels in', () => {
  it('clears the key when the header names change, and asks a live profile for its name first', async () => {
    const { base, id, lookUp } = await profileWithKey('Header names tenant', 'live');
    // The same names in another case are the same headers: the key stays.
    const sameNames = { ...base, authHeaders: { key: 'X-API-KEY', secret: 'X-Api-Secret' } };
    expect(value<ProfileView>(await dispatch(core, 'profiles.save', sameNames))).toMatchObject({
      hasCredentials: true,
    });
    const renamed = { ...base, authHeaders: { key: 'X-Api-Key-Id', secret: 'X-Api-Key-Secret' } };
    const refused = await dispatch(core, 'profiles.save', renamed);
    expect(!refused.ok && refused.error.message).toBe(
      'The key header of the live profile "Header names tenant" changes, which clears its stored key. ' +
        'Type the profile name "Header names tenant" to confirm.',
    );
    expect(await core.vault.status(id)).toMatchObject({ hasCredentials: true });

    const saved = value<ProfileView>(
      await dispatch(core, 'profiles.save', { ...renamed, confirmName: 'Header names tenant' }),
    );
    expect(saved).toMatchObject({
      authHeaders: { key: 'X-Api-Key-Id', secret: 'X-Api-Key-Secret' },
      hasCredentials: false,
    });
    expect(await lookUp()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });
});
