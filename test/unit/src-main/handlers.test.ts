import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import { makeCertificate } from './core/profiles/certificate-fixture';
import { createCore } from '../../../src-main/core/create-core';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { dispatch, type Core } from '../../../src-main/handlers';

let core: Core;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pc-handlers-'));
  core = await createCore({
    shell: 'web',
    dataDir,
    secretStore: createMemorySecretStore(),
    documentWorker: sourceDocumentWorker,
  });
});

describe('the one door into main', () => {
  it('answers app.info with the shell, version and data folder', async () => {
    const result = await dispatch(core, 'app.info', {});
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Process Console',
        version: JSON.parse(readFileSync('package.json', 'utf8')).version,
        shell: 'web',
        dataDir,
        platform: process.platform,
      },
    });
  });

  it('refuses a call the contract does not declare, including prototype names', async () => {
    for (const name of ['app.nothing', 'constructor', '__proto__', 'toString']) {
      const result = await dispatch(core, name, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    }
  });

  it('refuses input the call schema does not allow, saying which key', async () => {
    const result = await dispatch(core, 'app.info', { surprise: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toContain('surprise');
    }
  });

  it('turns a bug into a plain internal error and reports it, without its stack', async () => {
    const reported = vi.fn();
    const broken = {
      ...core,
      get config(): Core['config'] {
        throw new Error('secret-ish detail');
      },
    } as Core;
    const result = await dispatch(broken, 'app.info', {}, reported);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret-ish detail');
    expect(reported).toHaveBeenCalledOnce();
  });
});

describe('a key belongs to its tenant', () => {
  let caFile: string;
  beforeAll(() => {
    caFile = makeCertificate(mkdtempSync(join(tmpdir(), 'pc-handlers-ca-'))).certificate;
  });

  /** A test profile with a stored key; each case saves one edit and reads back whether the key stayed. */
  async function keyAfter(edit: Record<string, unknown>) {
    const base = {
      name: `Tenant ${Math.random().toString(36).slice(2)}`,
      baseUrl: 'https://a.example.com',
      environment: 'test',
      keyName: 'Back office key',
    };
    const saved = await dispatch(core, 'profiles.save', base);
    if (!saved.ok) throw new Error(saved.error.message);
    const id = (saved.value as { id: string }).id;
    await dispatch(core, 'profiles.setCredentials', {
      profileId: id,
      apiKey: 'KEY-1234',
      apiSecret: 'SECRET-5678',
    });
    const edited = await dispatch(core, 'profiles.save', { ...base, id, ...edit });
    if (!edited.ok) throw new Error(edited.error.message);
    return { view: edited.value as { hasCredentials: boolean }, stored: await core.vault.status(id) };
  }

  it.each([
    ['address', { baseUrl: 'https://a-example.com' }],
    ['proxy', { proxy: { mode: 'url', url: 'http://127.0.0.1:3128' } }],
    ["proxy from the system's to none", { proxy: { mode: 'none' } }],
    ['CA file', () => ({ caFile })],
    ['auth scheme', { authScheme: 'basic' }],
    ['token endpoint', { endpoints: { token: { method: 'POST', path: '/connect/token' } } }],
  ])('clears the stored key when the %s changes', async (_label, edit) => {
    const { view, stored } = await keyAfter(typeof edit === 'function' ? edit() : edit);
    expect(view.hasCredentials).toBe(false);
    expect(stored.hasCredentials).toBe(false);
  });

  it.each([
    ['a path under the same origin', { baseUrl: 'https://a.example.com/tenant-a/' }],
    ['the key name', { keyName: 'Renamed key' }],
    ['a timeout', { timeouts: { connectMs: 9_000 } }],
    ['another endpoint', { endpoints: { getProcess: { method: 'GET', path: '/v2/p/{processId}' } } }],
  ])('keeps the stored key when only %s changes', async (_label, edit) => {
    const { view } = await keyAfter(edit);
    expect(view.hasCredentials).toBe(true);
  });

  it('on a live profile, clears the key only with the profile name typed, and says so', async () => {
    const base = { name: 'Tenant A', baseUrl: 'https://a.example.com', environment: 'live', keyName: 'Key' };
    const saved = await dispatch(core, 'profiles.save', base);
    if (!saved.ok) throw new Error(saved.error.message);
    const id = (saved.value as { id: string }).id;
    await dispatch(core, 'profiles.setCredentials', {
      profileId: id,
      apiKey: 'KEY-1234',
      apiSecret: 'SECRET-5678',
    });
    const moved = { ...base, id, baseUrl: 'https://a-example.com' };
    const refused = await dispatch(core, 'profiles.save', moved);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'The address of the live profile "Tenant A" changes, which clears its stored key. ' +
          'Type the profile name "Tenant A" to confirm.',
      },
    });
    expect(await core.vault.status(id)).toMatchObject({ hasCredentials: true });
    // A refused edit for another reason (a CA file that is no PEM) costs no key either.
    const badCa = await dispatch(core, 'profiles.save', {
      ...moved,
      caFile: '/root',
      confirmName: 'Tenant A',
    });
    expect(badCa).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await core.vault.status(id)).toMatchObject({ hasCredentials: true });
    const done = await dispatch(core, 'profiles.save', { ...moved, confirmName: 'Tenant A' });
    expect(done).toMatchObject({ ok: true, value: { hasCredentials: false, keyHint: null } });
    expect(core.profiles.get(id)).not.toHaveProperty('confirmName');
    await expect(core.vault.get(id)).rejects.toMatchObject({ error: { code: 'unauthorized' } });
  });
});
