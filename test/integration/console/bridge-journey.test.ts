import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import type { Result } from '../../../src-shared/result';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';
import { startWebShell, type WebShell } from '../../../src-main/web-server';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';

/**
 * Every user action of the console, through the browser shell's `/bridge/<call>` protocol, against
 * the real reference service and the real OS keychain (this file runs inside with-keyring.sh).
 */

let sandbox: RunningSandbox;
let core: Core;
let shell: WebShell;
let dataDir: string;
let apiKey: string;
let apiSecret: string;

async function bridge<T = unknown>(name: string, input: unknown = {}): Promise<Result<T>> {
  const response = await request(`http://127.0.0.1:${shell.port}/bridge/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shell.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(response.statusCode).toBe(200);
  const text = await response.body.text();
  // The secret sentinel never crosses the bridge, whatever the call.
  expect(text).not.toContain(apiSecret);
  expect(text).not.toContain(apiKey);
  return JSON.parse(text) as Result<T>;
}

async function value<T>(name: string, input: unknown = {}): Promise<T> {
  const result = await bridge<T>(name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pc-bridge-'));
  sandbox = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-bridge-sandbox-')), port: 0 });
  const key = sandbox.createApiKey('Bridge journey key');
  // A unique, recognisable sentinel would be nicer, but the service makes the codes; search for them.
  apiKey = key.apiKey;
  apiSecret = key.apiSecret;
  core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
  const rendererDir = mkdtempSync(join(tmpdir(), 'pc-bridge-renderer-'));
  shell = await startWebShell({
    port: 0,
    rendererDir,
    dispatch: (name, input) => dispatch(core, name, input),
  });
});

afterAll(async () => {
  await shell?.close();
  await core?.close();
  await sandbox?.close();
});

interface ProfileView {
  id: string;
  hasCredentials: boolean;
  keyHint: string | null;
}

describe('the console through its bridge', () => {
  let profileId: string;

  it('saves a profile and stores credentials in the keychain, showing only a hint', async () => {
    const saved = await value<ProfileView>('profiles.save', {
      name: 'Reference service',
      baseUrl: sandbox.url,
      environment: 'test',
      authScheme: 'headers',
      keyName: 'Bridge journey key',
    });
    profileId = saved.id;
    expect(saved.hasCredentials).toBe(false);
    const withKey = await value<ProfileView>('profiles.setCredentials', { profileId, apiKey, apiSecret });
    expect(withKey).toMatchObject({ hasCredentials: true, keyHint: apiKey.slice(-4) });
    const tested = await value<{ latencyMs: number }>('profiles.test', { profileId });
    expect(tested.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('looks up FT-000003 by reference and by id, lists its steps and current step', async () => {
    const process = await value<{
      processId: string;
      externalReference: string;
      documents: { documentId: string }[];
    }>('processes.getByReference', { profileId, externalReference: 'FT-000003' });
    expect(process.externalReference).toBe('FT-000003');
    const byId = await value<{ externalReference: string }>('processes.get', {
      profileId,
      processId: process.processId,
    });
    expect(byId.externalReference).toBe('FT-000003');
    const steps = await value<{ name: string }[]>('steps.list', {
      profileId,
      externalReference: 'FT-000003',
    });
    expect(steps.map((step) => step.name)).toContain('Back office assessment');
    const current = await value<{ name: string }>('steps.current', {
      profileId,
      processId: process.processId,
    });
    expect(current.name).toBe('Back office assessment');
    const history = await value<{ recent: { externalReference: string }[] }>('history.list', { profileId });
    expect(history.recent[0]?.externalReference).toBe('FT-000003');
  });

  it('opens the form document as a ServiceRequest form view', async () => {
    const process = await value<{ documents: { documentId: string }[] }>('processes.getByReference', {
      profileId,
      externalReference: 'FT-000003',
    });
    const document = await value<{ kind: string; form?: { groups: { name: string }[] } }>('documents.get', {
      profileId,
      documentId: process.documents[0]!.documentId,
    });
    expect(document.kind).toBe('xml');
    expect(document.form?.groups.map((group) => group.name)).toEqual([
      'RequestCategorisation',
      'ClientInfo',
      'ContactInfo',
      'PropertyInfo',
      'RequestInfo',
    ]);
  });

  it('adds a note with the key name as author, completes the step, and audits both', async () => {
    const process = await value<{
      processId: string;
      steps: { stepId: string; name: string; completedOn: string | null }[];
    }>('processes.getByReference', { profileId, externalReference: 'FT-000003' });
    const note = await value<{ author: string }>('notes.add', {
      profileId,
      processId: process.processId,
      contents: 'Checked by the bridge journey.',
      visibleToAccounts: false,
      intentId: crypto.randomUUID(),
    });
    expect(note.author).toBe('Bridge journey key');
    const step = process.steps.find((candidate) => candidate.completedOn === null)!;
    const secretValue = `confidential-${randomBytes(8).toString('hex')}`;
    const completed = await value<{ currentStep: { name: string } | null }>('steps.complete', {
      profileId,
      processId: process.processId,
      stepId: step.stepId,
      intentId: crypto.randomUUID(),
      fields: [
        {
          name: 'Outcome',
          value: 'Rejected',
          code: 'OUTCOME',
          fieldId: process.processId,
          description: '',
          fieldType: 'Text',
          confidential: false,
        },
        {
          name: 'Officer PIN',
          value: secretValue,
          code: 'PIN',
          fieldId: crypto.randomUUID(),
          description: '',
          fieldType: 'Text',
          confidential: true,
        },
      ],
    });
    expect(completed.currentStep?.name).toBe('Tell the customer');
    const audit = await value<{ intent: { action: string }; outcome: { outcome: string } | null }[]>(
      'audit.list',
      { profileId },
    );
    expect(audit.map((record) => [record.intent.action, record.outcome?.outcome])).toEqual([
      ['step.complete', 'succeeded'],
      ['note.add', 'succeeded'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(secretValue);
    const requests = await value<{ path: string }[]>('requests.list', { profileId });
    expect(requests.length).toBeGreaterThan(3);
    expect(JSON.stringify(requests)).not.toContain(secretValue);
  });

  it('writes neither the key, the secret nor a confidential value to any file in the data folder', () => {
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder)) {
        const path = join(folder, entry);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      expect(bytes.includes(apiSecret), file).toBe(false);
      expect(bytes.includes(apiKey), file).toBe(false);
    }
  });

  it('reports a wrong secret as unauthorized and a stopped service as unreachable, naming the profile', async () => {
    const wrong = await value<ProfileView>('profiles.save', {
      name: 'Wrong secret',
      baseUrl: sandbox.url,
      environment: 'test',
      keyName: 'Bridge journey key',
    });
    await value('profiles.setCredentials', { profileId: wrong.id, apiKey, apiSecret: `${apiSecret}x` });
    const unauthorized = await bridge('processes.getByReference', {
      profileId: wrong.id,
      externalReference: 'FT-000003',
    });
    expect(unauthorized).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const stopped = await value<ProfileView>('profiles.save', {
      name: 'Stopped service',
      baseUrl: 'http://127.0.0.1:9',
      environment: 'test',
      keyName: 'Bridge journey key',
    });
    await value('profiles.setCredentials', { profileId: stopped.id, apiKey, apiSecret });
    const unreachable = await bridge('processes.getByReference', {
      profileId: stopped.id,
      externalReference: 'FT-000003',
    });
    expect(unreachable).toMatchObject({ ok: false, error: { code: 'network' } });
  });
});
