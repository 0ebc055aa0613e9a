import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { dispatch } from '../../../src-main/handlers';
import type { Process } from '../../../src-shared/api';
import type { ProfileHistory } from '../../../src-shared/history';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';
import { sourceDocumentWorker } from '../../support/document-worker';
import { startLimiter, type Limiter } from '../batches/limiter';
import { flyTippingTypeId } from '../client/sandbox';

/**
 * Issue 33, finding 2: a tenant whose processes carry long or empty texts. The service made the
 * process, but recording it in Recent refused its 56-character status, so the start answered
 * `invalid_input`, and its retry sent a second POST. History is a convenience: it never turns a
 * change the service made, or a read it answered, into a failure.
 */

/** The tenant's own wording: a status of 56 characters, a type name of 250, no reference. */
const longStatus = 'Awaiting back office assessment after the first review..';
const longTypeName = `Report of fly-tipping on public land, ${'with more words '.repeat(14)}`.slice(0, 250);

let sandbox: RunningSandbox;
let relay: Limiter;
let core: Core;
let profileId: string;
const folders: string[] = [];
/** POSTs the tenant answered 2xx. */
let posts = 0;

beforeAll(async () => {
  const sandboxDir = mkdtempSync(join(tmpdir(), 'pc-long-texts-sandbox-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-long-texts-'));
  folders.push(sandboxDir, dataDir);
  sandbox = await startSandbox({ dataDir: sandboxDir, port: 0, host: '127.0.0.1', quiet: true });
  const key = await sandbox.createApiKey('long-texts');
  relay = await startLimiter(sandbox.url.replace(/\/+$/, ''));
  // The tenant words every process it answers with its own long texts and no external reference.
  relay.state.rewrite = (method, _path, body) => {
    if (method === 'POST') posts += 1;
    const answer = JSON.parse(body) as Record<string, unknown>;
    if (typeof answer.processId !== 'string') return body;
    return JSON.stringify({
      ...answer,
      status: longStatus,
      processTypeName: longTypeName,
      externalReference: '',
    });
  };
  core = await createCore({
    shell: 'web',
    dataDir,
    documentWorker: sourceDocumentWorker,
    secretStore: createMemorySecretStore(),
  });
  profileId = core.profiles.save({
    name: 'Long texts tenant',
    baseUrl: relay.url,
    environment: 'test',
    keyName: 'long-texts',
  }).id;
  await core.vault.set(profileId, { apiKey: key.apiKey, apiSecret: key.apiSecret });
}, 60_000);

afterAll(async () => {
  await core?.close();
  await relay?.close();
  await sandbox?.close();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function value<T>(name: string, input: object): Promise<T> {
  const result = await dispatch(core, name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

describe('a tenant answering long texts', () => {
  it('starts its process once, answers success, and opens it again', async () => {
    expect(longStatus).toHaveLength(56);
    const started = await value<Process>('processes.start', {
      profileId,
      processTypeId: flyTippingTypeId,
      fields: [],
      intentId: randomUUID(),
    });
    expect(started).toMatchObject({
      status: longStatus,
      processTypeName: longTypeName,
      externalReference: '',
    });
    expect(posts).toBe(1);

    const opened = await value<Process>('processes.get', { profileId, processId: started.processId });
    expect(opened.status).toBe(longStatus);
    // Kept whole: the renderer cuts it for display only.
    const history = await value<ProfileHistory>('history.list', { profileId });
    expect(history.recent[0]).toMatchObject({
      processId: started.processId,
      status: longStatus,
      processTypeName: longTypeName,
      externalReference: '',
    });
    const [record] = await core.audit.list({ processId: started.processId });
    expect(record?.outcome).toMatchObject({ outcome: 'succeeded', status: 201 });
    expect(posts).toBe(1);
  });
});
