import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
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
let sandboxDir: string;
let core: Core;
let dataDir: string;
const suggested: string[] = [];

beforeAll(async () => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'pc-save-sandbox-'));
  sandbox = await startSandbox({ dataDir: sandboxDir, port: 0 });
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

  it('writes the original bytes, not the text the console read them as', async () => {
    const { profiles } = await value<{ profiles: { id: string; name: string }[] }>('profiles.list', {});
    const profile = profiles.find((entry) => entry.name === 'Reference service')!;
    const process = await value<Process>('processes.getByReference', {
      profileId: profile.id,
      externalReference: 'FT-000003',
    });
    // Windows-1252 with CRLF line ends: reading it as text and writing that back would change
    // the é (0xE9) into two UTF-8 bytes and could normalise the line ends.
    const original = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1252"?>\r\n<Note>caf'),
      Buffer.from([0xe9]),
      Buffer.from('</Note>\r\n'),
    ]);
    const documentId = randomUUID();
    const db = new DatabaseSync(join(sandboxDir, 'sandbox.db'));
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(
      `INSERT INTO documents (document_id, process_id, filename, content_type, contents, created_on)
       VALUES (?, ?, 'latin.xml', 'text/xml', ?, ?)`,
    ).run(documentId, process.processId, original, new Date().toISOString().slice(0, 19));
    db.close();

    const saved = await value<{ path: string; bytes: number }>('documents.save', {
      profileId: profile.id,
      documentId,
    });
    expect(saved.bytes).toBe(original.length);
    expect(readFileSync(saved.path).equals(original)).toBe(true);
  });
});
