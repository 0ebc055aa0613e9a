import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, Process } from '../../../src-shared/api';
import type { Result } from '../../../src-shared/result';
import type { ProfileView } from '../../../src-shared/profile';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';
import { sourceDocumentWorker } from '../../support/document-worker';
import { startFaultProxy, type FaultProxy, type SeenLine } from '../client/fault-proxy';
import { flyTippingTypeId, startTestSandbox, type RunningSandbox } from '../client/sandbox';

/**
 * Every change on a live tenant needs the typed confirmation, whatever the renderer does: these
 * calls go straight through `dispatch`, the one door into main, as a tampered renderer would. The
 * reference service sits behind a counting proxy, so "nothing was sent" is what crossed the wire.
 */

let sandbox: RunningSandbox;
let proxy: FaultProxy;
let core: Core;
let profileId: string;
const sends: SeenLine[] = [];

async function call<T>(name: string, input: Record<string, unknown>): Promise<Result<T>> {
  return (await dispatch(core, name, input)) as Result<T>;
}

async function value<T>(name: string, input: Record<string, unknown>): Promise<T> {
  const result = await call<T>(name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** The confirmation as the renderer would send it: no key at all when nothing was typed. */
function typed(confirmation: string | undefined) {
  return confirmation === undefined ? {} : { confirmation };
}

beforeAll(async () => {
  sandbox = await startTestSandbox('Live confirmation key');
  proxy = await startFaultProxy({ host: '127.0.0.1', port: sandbox.port }, (line) => {
    if (line.method === 'POST') sends.push(line);
    return 'none';
  });
  core = await createCore({
    shell: 'web',
    dataDir: mkdtempSync(join(tmpdir(), 'pc-live-confirm-')),
    documentWorker: sourceDocumentWorker,
  });
  const profile = await value<ProfileView>('profiles.save', {
    name: 'Live tenant',
    baseUrl: proxy.url,
    environment: 'live',
    keyName: sandbox.key.name,
  });
  profileId = profile.id;
  await value('profiles.setCredentials', { profileId, ...sandbox.credentials });
});

afterAll(async () => {
  await core?.close();
  await proxy?.close();
  await sandbox?.stop();
});

describe('a change on a live profile, through dispatch', () => {
  it('refuses notes.add without or with a wrong reference, sends nothing, then adds it when typed', async () => {
    const process = await value<Process>('processes.getByReference', {
      profileId,
      externalReference: 'FT-000005',
    });
    const note = { profileId, processId: process.processId, contents: 'Live note', visibleToAccounts: false };
    const sentence = 'Type the external reference FT-000005 exactly to confirm a change on a live tenant.';
    const before = sends.length;
    for (const confirmation of [undefined, 'FT-5', ' ft-000005']) {
      const refused = await call('notes.add', {
        ...note,
        intentId: crypto.randomUUID(),
        ...typed(confirmation),
      });
      expect(refused).toEqual({ ok: false, error: { code: 'invalid_input', message: sentence } });
    }
    expect(sends.length).toBe(before);
    const after = await value<Process>('processes.get', { profileId, processId: process.processId });
    expect(after.notes.filter((existing) => existing.contents === 'Live note')).toHaveLength(0);

    const added = await value<Note>('notes.add', {
      ...note,
      intentId: crypto.randomUUID(),
      confirmation: 'FT-000005',
    });
    expect(added.contents).toBe('Live note');
    expect(sends.length).toBe(before + 1);
  });

  it('refuses processes.start without or with a wrong type id, sends nothing, then starts it when typed', async () => {
    const start = {
      profileId,
      processTypeId: flyTippingTypeId,
      accounts: [],
      notes: [],
      fields: [],
      externalReference: 'LIVE-CONFIRM-1',
    };
    const sentence = `Type the process type id ${flyTippingTypeId} exactly to confirm a change on a live tenant.`;
    const before = sends.length;
    for (const confirmation of [undefined, 'Report fly-tipping?', flyTippingTypeId.slice(0, 30)]) {
      const refused = await call('processes.start', {
        ...start,
        intentId: crypto.randomUUID(),
        ...typed(confirmation),
      });
      expect(refused).toEqual({ ok: false, error: { code: 'invalid_input', message: sentence } });
    }
    expect(sends.length).toBe(before);
    const lookup = await call('processes.getByReference', { profileId, externalReference: 'LIVE-CONFIRM-1' });
    expect(lookup).toMatchObject({ ok: false, error: { code: 'not_found' } });

    const started = await value<Process>('processes.start', {
      ...start,
      intentId: crypto.randomUUID(),
      confirmation: flyTippingTypeId,
    });
    expect(started.externalReference).toBe('LIVE-CONFIRM-1');
    expect(sends.length).toBe(before + 1);
  });

  it('refuses steps.complete with the same rule and the same sentence', async () => {
    const process = await value<Process>('processes.getByReference', {
      profileId,
      externalReference: 'FT-000003',
    });
    const step = process.steps.find((candidate) => candidate.completedOn === null)!;
    const before = sends.length;
    const refused = await call('steps.complete', {
      profileId,
      processId: process.processId,
      stepId: step.stepId,
      fields: [],
      intentId: crypto.randomUUID(),
      confirmation: 'FT-3',
    });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Type the external reference FT-000003 exactly to confirm a change on a live tenant.',
      },
    });
    expect(sends.length).toBe(before);
  });
});
