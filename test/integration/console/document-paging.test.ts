import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { documentGoneMessage } from '../../../src-main/core/documents/document-store';
import { dispatch } from '../../../src-main/handlers';
import type { Process } from '../../../src-shared/api';
import type { DocumentView, TextPage, TreePage } from '../../../src-shared/documents';
import type { Result } from '../../../src-shared/result';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';
import { sourceDocumentWorker } from '../../support/document-worker';
import { addLargeDocument } from '../../support/large-document';
import { addLongProcess, longReference } from '../../support/long-process';

/**
 * The paged document calls through the handler table, against the reference service: a 2 MiB
 * document is decoded and kept by the worker, paged by path and line range, and once closed
 * answers with a sentence that says to open it again.
 */

let sandbox: RunningSandbox;
let core: Core;
let xml: string;

beforeAll(async () => {
  const sandboxDir = mkdtempSync(join(tmpdir(), 'pc-paging-sandbox-'));
  sandbox = await startSandbox({ dataDir: sandboxDir, port: 0 });
  xml = addLargeDocument(sandboxDir, addLongProcess(sandboxDir, 3), 2 * 1024 * 1024);
  core = await createCore({
    shell: 'web',
    dataDir: mkdtempSync(join(tmpdir(), 'pc-paging-')),
    documentWorker: sourceDocumentWorker,
  });
});

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
});

async function call<T>(name: string, input: unknown): Promise<Result<T>> {
  return (await dispatch(core, name, input)) as Result<T>;
}

async function value<T>(name: string, input: unknown): Promise<T> {
  const result = await call<T>(name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

let profileId: string | undefined;

async function openLarge(): Promise<{ profileId: string; documentId: string; view: DocumentView }> {
  if (profileId === undefined) {
    const key = sandbox.createApiKey('Paging key');
    const profile = await value<{ id: string }>('profiles.save', {
      name: 'Reference service',
      baseUrl: sandbox.url,
      environment: 'test',
      keyName: 'Paging key',
    });
    await value('profiles.setCredentials', {
      profileId: profile.id,
      apiKey: key.apiKey,
      apiSecret: key.apiSecret,
    });
    profileId = profile.id;
  }
  const process = await value<Process>('processes.getByReference', {
    profileId,
    externalReference: longReference,
  });
  const documentId = process.documents[0]!.documentId;
  const view = await value<DocumentView>('documents.get', { profileId, documentId });
  return { profileId, documentId, view };
}

describe('paging a large document through the bridge', () => {
  it('answers first with the form view and a page, then children by path and lines by range', async () => {
    const { view } = await openLarge();
    const documentRef = view.documentRef;
    expect(documentRef).toMatch(/^w-/);
    expect(view.form?.groups[0]?.name).toBe('RequestCategorisation');
    expect(view.text?.lines[0]).toBe('<ServiceRequest>');
    expect(JSON.stringify(view).length).toBeLessThan(xml.length / 20);

    const requests = await value<TreePage>('documents.tree', { documentRef, path: '0', offset: 5, limit: 2 });
    expect(requests.children.map((child) => child.path)).toEqual(['0.5', '0.6']);
    expect(requests.children[0]?.name).toBe('Request');
    const total = view.text!.lineCount;
    const end = await value<TextPage>('documents.text', {
      documentRef,
      fromLine: total - 2,
      toLine: total + 5,
    });
    expect(end.lines).toEqual(['  </Request>', '</ServiceRequest>']);
    expect((await value<{ text: string }>('documents.source', { documentRef })).text).toBe(xml);
  });

  it('refuses a backwards or oversized range with a sentence from the contract', async () => {
    const { view } = await openLarge();
    const backwards = await call('documents.text', {
      documentRef: view.documentRef,
      fromLine: 10,
      toLine: 5,
    });
    expect(backwards.ok || backwards.error).toMatchObject({ code: 'invalid_input' });
    expect(backwards.ok || backwards.error.message).toMatch(/toLine must not be before fromLine/);
    const huge = await call('documents.text', {
      documentRef: view.documentRef,
      fromLine: 0,
      toLine: 100_000,
    });
    expect(huge.ok || huge.error.message).toMatch(/at most 2000 lines/);
  });

  it('says a closed document must be opened again, and opening it again works', async () => {
    const { profileId, documentId, view } = await openLarge();
    const documentRef = view.documentRef;
    expect(await value('documents.close', { documentRef })).toEqual({ closed: true });
    const gone = await call('documents.text', { documentRef, fromLine: 0, toLine: 10 });
    expect(gone).toEqual({ ok: false, error: { code: 'not_found', message: documentGoneMessage } });
    const again = await value<DocumentView>('documents.get', { profileId, documentId });
    expect(again.documentRef).not.toBe(documentRef);
    const page = await value<TextPage>('documents.text', {
      documentRef: again.documentRef,
      fromLine: 1,
      toLine: 2,
    });
    expect(page.lines).toEqual(['  <Request>']);
  });
});
