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
