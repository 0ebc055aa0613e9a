import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
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
  it('clears the stored key when an edit moves the profile to another address, not on a path change', async () => {
    const saved = await dispatch(core, 'profiles.save', {
      name: 'Tenant A',
      baseUrl: 'https://a.example.com',
      environment: 'live',
      keyName: 'Back office key',
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const id = (saved.value as { id: string }).id;
    await dispatch(core, 'profiles.setCredentials', {
      profileId: id,
      apiKey: 'KEY-1234',
      apiSecret: 'SECRET-5678',
    });
    const samePlace = await dispatch(core, 'profiles.save', {
      id,
      name: 'Tenant A',
      baseUrl: 'https://a.example.com/tenant-a',
      environment: 'live',
      keyName: 'Back office key',
    });
    expect(samePlace).toMatchObject({ ok: true, value: { hasCredentials: true } });
    const moved = await dispatch(core, 'profiles.save', {
      id,
      name: 'Tenant A',
      baseUrl: 'https://a-example.com',
      environment: 'live',
      keyName: 'Back office key',
    });
    expect(moved).toMatchObject({ ok: true, value: { hasCredentials: false, keyHint: null } });
    await expect(core.vault.get(id)).rejects.toMatchObject({ error: { code: 'unauthorized' } });
  });
});
