import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { defaultSavePath } from '../../../src-main/core/save-path';
import { dispatch } from '../../../src-main/handlers';
import type { Process } from '../../../src-shared/api';
import type { Result } from '../../../src-shared/result';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';
import { sourceDocumentWorker } from '../../support/document-worker';

/**
 * Saving a document through the handler table, against the reference service and the real
 * keychain: the file is the user's alone (0600) in a folder of the user's alone (0700), named
 * safely with the extension its content proves. POSIX modes do not exist on Windows.
 */

let sandbox: RunningSandbox;
let core: Core;
let dataDir: string;
const suggested: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-save-sandbox-')), port: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'pc-save-'));
  core = await createCore({
    shell: 'web',
    dataDir,
    documentWorker: sourceDocumentWorker,
    // The browser shell's own choice, with no Downloads folder so the console makes its own.
    chooseSavePath: async (name) => {
      suggested.push(name);
      return defaultSavePath(dataDir, name, join(dataDir, 'no-downloads-here'));
    },
  });
});

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
});

async function value<T>(name: string, input: unknown): Promise<T> {
  const result = (await dispatch(core, name, input)) as Result<T>;
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const checkModes = process.platform !== 'win32';

describe('saving a document', () => {
  it('writes a 0600 file with a content-proven extension into a 0700 folder', async () => {
    const key = sandbox.createApiKey('Save test key');
    const profile = await value<{ id: string }>('profiles.save', {
      name: 'Reference service',
      baseUrl: sandbox.url,
      environment: 'test',
      keyName: 'Save test key',
    });
    await value('profiles.setCredentials', {
      profileId: profile.id,
      apiKey: key.apiKey,
      apiSecret: key.apiSecret,
    });
    const process = await value<Process>('processes.getByReference', {
      profileId: profile.id,
      externalReference: 'FT-000003',
    });
    const saved = await value<{ path: string; bytes: number }>('documents.save', {
      profileId: profile.id,
      documentId: process.documents[0]!.documentId,
    });
    expect(suggested[0]).toMatch(/\.xml$/);
    expect(basename(saved.path)).toBe(suggested[0]);
    expect(readFileSync(saved.path, 'utf8')).toContain('<ServiceRequest');
    expect(dirname(saved.path)).toBe(join(dataDir, 'exports'));
    if (checkModes) {
      expect((statSync(saved.path).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(dirname(saved.path)).mode & 0o777).toString(8)).toBe('700');
    }

    const exported = await value<{ path: string }>('audit.export', { format: 'csv' });
    if (checkModes) expect((statSync(exported.path).mode & 0o777).toString(8)).toBe('600');
  });
});
