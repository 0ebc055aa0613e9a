import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { maxDocumentBytes } from '../../../src-main/core/documents/limits';
import { dispatch } from '../../../src-main/handlers';
import type { Process } from '../../../src-shared/api';
import type { DocumentView } from '../../../src-shared/documents';
import type { CreatedApiKey } from '../../../src-sandbox/security/api-keys';
import { sourceDocumentWorker } from '../../support/document-worker';
import { addDocument } from '../../support/large-document';
import { addLongProcess, longReference } from '../../support/long-process';
import { runCli, startCliServer, type CliServer } from '../sandbox/cli-helpers';

/**
 * The largest document the console takes, made of nothing but empty elements: 32 MiB of `<a/>`,
 * 8.4 million of them. Built into a tree it took 18 s and 1.76 GB; the console refuses to build
 * more than 2,000,000 elements, says so, and shows the raw text. The service runs in its own
 * process, so this process's memory is the console's (its document worker is a thread here).
 */

const MiB = 1024 * 1024;
const sandboxDir = mkdtempSync(join(tmpdir(), 'pc-elements-sandbox-'));
const dataDir = mkdtempSync(join(tmpdir(), 'pc-elements-'));
let server: CliServer;
let core: Core;
let key: CreatedApiKey;

beforeAll(async () => {
  key = JSON.parse((await runCli(['create-key', '--data', sandboxDir, '--name', 'Elements key'])).stdout);
  const count = Math.floor((maxDocumentBytes - '<r></r>'.length) / 4);
  addDocument(sandboxDir, addLongProcess(sandboxDir, 3), `<r>${'<a/>'.repeat(count)}</r>`, 'elements.xml');
  server = await startCliServer(['--data', sandboxDir]);
  core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
}, 60_000);

afterAll(async () => {
  await core?.close();
  server?.child.kill('SIGTERM');
  await server?.exited;
  rmSync(sandboxDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function value<T>(name: string, input: unknown): Promise<T> {
  const result = await dispatch(core, name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

describe('a 32 MiB document of 8.4 million empty elements', () => {
  it('is refused as a tree with a sentence and shown as raw text, the console staying under 400 MiB more', async () => {
    const profile = await value<{ id: string }>('profiles.save', {
      name: 'Reference service',
      baseUrl: server.url,
      environment: 'test',
      keyName: 'Elements key',
    });
    await value('profiles.setCredentials', {
      profileId: profile.id,
      apiKey: key.apiKey,
      apiSecret: key.apiSecret,
      sessionOnly: true,
    });
    const process = await value<Process>('processes.getByReference', {
      profileId: profile.id,
      externalReference: longReference,
    });
    const documentId = process.documents[0]!.documentId;
    const rss = () => globalThis.process.memoryUsage.rss();
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
    const started = performance.now();
    let view: DocumentView;
    try {
      view = await value<DocumentView>('documents.get', { profileId: profile.id, documentId });
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Opened in ${seconds.toFixed(1)} s; this process's RSS ${(before / MiB).toFixed(0)} MiB before, ` +
        `peak ${(peak / MiB).toFixed(0)} MiB (+${((peak - before) / MiB).toFixed(0)} MiB).`,
    );
    expect(view.warnings).toContain(
      'This document has more than 2,000,000 elements, too many to show as a tree; it is shown as raw text.',
    );
    expect(view.nodeCount).toBeUndefined();
    expect(view.text?.lines[0]?.startsWith('<r><a/><a/>')).toBe(true);
    expect(peak - before).toBeLessThan(400 * MiB);
  }, 120_000);
});
