import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import { createApi, type Transport } from '../../../src-shared/bridge';
import type { Api } from '../../../src-shared/contract';
import type { Result } from '../../../src-shared/result';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';
import { startWebShell, type WebShell } from '../../../src-main/web-server';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';

/**
 * Every user action of the console, through the browser shell's `/bridge/<call>` protocol, against
 * the real reference service and the real OS keychain (this file runs inside with-keyring.sh).
 * Calls go through `createApi`, the `window.api` the renderer gets, so a call name or an input the
 * contract does not allow fails to type-check. Each test starts its own reference service (with
 * the demo seed) and saves its own profile; the console core and its browser shell are shared.
 */

let core: Core;
let shell: WebShell;
let dataDir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pc-bridge-'));
  core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
  const rendererDir = mkdtempSync(join(tmpdir(), 'pc-bridge-renderer-'));
  shell = await startWebShell({
    port: 0,
    rendererDir,
    dispatch: (name, input) => dispatch(core, name, input),
  });
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

afterAll(async () => {
  await shell?.close();
  await core?.close();
});

/** An API key the reference service made; the sentinel that must never cross the bridge. */
type Key = ReturnType<RunningSandbox['createApiKey']>;

/** `window.api` over the browser shell's HTTP protocol, checking every answer for `key`. */
function apiOver(key: Key): Api {
  const transport: Transport = async (name, input) => {
    const response = await request(`http://127.0.0.1:${shell.port}/bridge/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shell.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(response.statusCode).toBe(200);
    const text = await response.body.text();
    // The secret sentinel never crosses the bridge, whatever the call.
    expect(text).not.toContain(key.apiSecret);
    expect(text).not.toContain(key.apiKey);
    return JSON.parse(text) as Result<unknown>;
  };
  return createApi(transport, () => () => undefined);
}

/** The value of a successful call; a failed one fails the test with its code and sentence. */
async function value<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(`the call failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** A reference service of this test's own, with a key, and `window.api` checking for that key. */
async function startJourney() {
  const sandbox = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-bridge-sandbox-')), port: 0 });
  cleanups.push(() => sandbox.close());
  // A unique, recognisable sentinel would be nicer, but the service makes the codes; search for them.
  const key = sandbox.createApiKey('Bridge journey key');
  return { sandbox, key, api: apiOver(key) };
}

/** A journey with a profile saved for its service and its credentials in the keychain. */
async function startJourneyWithProfile() {
  const journey = await startJourney();
  const { api, sandbox, key } = journey;
  const saved = await value(
    api.profiles.save({
      // Profile names are unique in the shared core: each journey names its profile after its port.
      name: `Reference service on port ${sandbox.port}`,
      baseUrl: sandbox.url,
      environment: 'test',
      keyName: 'Bridge journey key',
    }),
  );
  await value(
    api.profiles.setCredentials({ profileId: saved.id, apiKey: key.apiKey, apiSecret: key.apiSecret }),
  );
  return { ...journey, profileId: saved.id };
}

/** Adds a note to FT-000003 and completes its current step with a confidential field. */
async function noteAndComplete(api: Api, profileId: string) {
  const process = await value(api.processes.getByReference({ profileId, externalReference: 'FT-000003' }));
  const note = await value(
    api.notes.add({
      profileId,
      processId: process.processId,
      contents: 'Checked by the bridge journey.',
      visibleToAccounts: false,
      intentId: crypto.randomUUID(),
    }),
  );
  const step = process.steps.find((candidate) => candidate.completedOn === null)!;
  const secretValue = `confidential-${randomBytes(8).toString('hex')}`;
  const completed = await value(
    api.steps.complete({
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
    }),
  );
  return { note, completed, secretValue };
}

describe('the console through its bridge', () => {
  it('saves a profile and stores credentials in the keychain, showing only a hint', async () => {
    const { api, sandbox, key } = await startJourney();
    const saved = await value(
      api.profiles.save({
        name: `Reference service on port ${sandbox.port}`,
        baseUrl: sandbox.url,
        environment: 'test',
        authScheme: 'headers',
        keyName: 'Bridge journey key',
      }),
    );
    const profileId = saved.id;
    expect(saved.hasCredentials).toBe(false);
    const withKey = await value(
      api.profiles.setCredentials({ profileId, apiKey: key.apiKey, apiSecret: key.apiSecret }),
    );
    expect(withKey).toMatchObject({ hasCredentials: true, keyHint: key.apiKey.slice(-4) });
    const tested = await value(api.profiles.test({ profileId }));
    expect(tested.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('looks up FT-000003 by reference and by id, lists its steps and current step', async () => {
    const { api, profileId } = await startJourneyWithProfile();
    const process = await value(api.processes.getByReference({ profileId, externalReference: 'FT-000003' }));
    expect(process.externalReference).toBe('FT-000003');
    const byId = await value(api.processes.get({ profileId, processId: process.processId }));
    expect(byId.externalReference).toBe('FT-000003');
    const steps = await value(api.steps.list({ profileId, externalReference: 'FT-000003' }));
    expect(steps.map((step) => step.name)).toContain('Back office assessment');
    const current = await value(api.steps.current({ profileId, processId: process.processId }));
    expect(current?.name).toBe('Back office assessment');
    const history = await value(api.history.list({ profileId }));
    expect(history.recent[0]?.externalReference).toBe('FT-000003');
  });

  it('opens the form document as a ServiceRequest form view', async () => {
    const { api, profileId } = await startJourneyWithProfile();
    const process = await value(api.processes.getByReference({ profileId, externalReference: 'FT-000003' }));
    const document = await value(
      api.documents.get({ profileId, documentId: process.documents[0]!.documentId }),
    );
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
    const { api, profileId } = await startJourneyWithProfile();
    const { note, completed, secretValue } = await noteAndComplete(api, profileId);
    expect(note.author).toBe('Bridge journey key');
    expect(completed.currentStep?.name).toBe('Tell the customer');
    const audit = (await value(api.audit.list({ profileId }))).records;
    expect(audit.map((record) => [record.intent.action, record.outcome?.outcome])).toEqual([
      ['step.complete', 'succeeded'],
      ['note.add', 'succeeded'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(secretValue);
    const requests = await value(api.requests.list({ profileId }));
    expect(requests.length).toBeGreaterThan(3);
    expect(JSON.stringify(requests)).not.toContain(secretValue);
  });

  it('completes a step with one read of the process and one send: two requests to the service', async () => {
    const { api, profileId } = await startJourneyWithProfile();
    const process = await value(api.processes.getByReference({ profileId, externalReference: 'FT-000003' }));
    const step = process.steps.find((candidate) => candidate.completedOn === null)!;
    const before = new Set((await value(api.requests.list({ profileId }))).map((entry) => entry.id));
    await value(
      api.steps.complete({
        profileId,
        processId: process.processId,
        stepId: step.stepId,
        intentId: crypto.randomUUID(),
        fields: [{ name: 'Outcome', value: 'Rejected', fieldId: process.processId, code: 'OUTCOME' }],
      }),
    );
    const sent = (await value(api.requests.list({ profileId }))).filter((entry) => !before.has(entry.id));
    expect(sent.map((entry) => entry.method).sort()).toEqual(['GET', 'POST']);
  });

  it('writes neither the key, the secret nor a confidential value to any file in the data folder', async () => {
    const { api, key, profileId } = await startJourneyWithProfile();
    const { secretValue } = await noteAndComplete(api, profileId);
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
      expect(bytes.includes(key.apiSecret), file).toBe(false);
      expect(bytes.includes(key.apiKey), file).toBe(false);
      expect(bytes.includes(secretValue), file).toBe(false);
    }
  });

  it('reports a wrong secret as unauthorized and a stopped service as unreachable, naming the profile', async () => {
    const { api, sandbox, key } = await startJourney();
    const { apiKey, apiSecret } = key;
    const wrong = await value(
      api.profiles.save({
        name: 'Wrong secret',
        baseUrl: sandbox.url,
        environment: 'test',
        keyName: 'Bridge journey key',
      }),
    );
    await value(api.profiles.setCredentials({ profileId: wrong.id, apiKey, apiSecret: `${apiSecret}x` }));
    const unauthorized = await api.processes.getByReference({
      profileId: wrong.id,
      externalReference: 'FT-000003',
    });
    expect(unauthorized).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const stopped = await value(
      api.profiles.save({
        name: 'Stopped service',
        baseUrl: 'http://127.0.0.1:9',
        environment: 'test',
        keyName: 'Bridge journey key',
      }),
    );
    await value(api.profiles.setCredentials({ profileId: stopped.id, apiKey, apiSecret }));
    const unreachable = await api.processes.getByReference({
      profileId: stopped.id,
      externalReference: 'FT-000003',
    });
    expect(unreachable).toMatchObject({ ok: false, error: { code: 'network' } });
  });
});
