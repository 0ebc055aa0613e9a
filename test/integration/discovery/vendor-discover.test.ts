import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompleteStepResponse, Note, Process } from '../../../src-shared/api';
import type { ConnectionTest } from '../../../src-shared/contract';
import type { DiscoveryResult } from '../../../src-shared/discovery';
import type { DocumentView } from '../../../src-shared/documents';
import type { ProfileView } from '../../../src-shared/profile';
import type { Result } from '../../../src-shared/result';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';
import { sourceDocumentWorker } from '../../support/document-worker';
import { startTestSandbox, type RunningSandbox } from '../client/sandbox';

/**
 * Issue 14's journey: a new profile pointed at a tenant shaped like the vendor's (the reference
 * service's `vendor` dialect) does not work with the default settings; after Discover and applying
 * the suggestion through profiles.save it does, for a lookup, a document, a note and a step. All
 * through the one door into main, with the real keychain (this file runs inside with-keyring.sh).
 */

const keyName = 'Vendor tenant desk';
let core: Core;
let sandbox: RunningSandbox;

beforeAll(async () => {
  core = await createCore({
    shell: 'web',
    dataDir: mkdtempSync(join(tmpdir(), 'pc-vendor-discover-')),
    documentWorker: sourceDocumentWorker,
  });
  sandbox = await startTestSandbox(keyName, { dialect: 'vendor' });
});

afterAll(async () => {
  await sandbox?.stop();
  await core?.close();
});

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`the call failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const setCredentials = (profileId: string) =>
  dispatch(core, 'profiles.setCredentials', { profileId, ...sandbox.credentials });

describe('a new profile for a tenant shaped like the vendor', () => {
  it('fails its connection test with the defaults, and after Discover and Apply looks up, reads, notes and completes', async () => {
    const created = value<ProfileView>(
      await dispatch(core, 'profiles.save', {
        name: 'Vendor tenant',
        baseUrl: sandbox.url,
        environment: 'test',
        keyName,
      }),
    );
    const profileId = created.id;
    value(await setCredentials(profileId));

    const first = await dispatch(core, 'profiles.test', { profileId });
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.error.message).toMatch(/answered 404 without the API's error format/);

    const found = value<DiscoveryResult>(await dispatch(core, 'profiles.discover', { profileId }));
    expect(new URL(found.description.url).pathname).toBe('/swagger/v1/swagger.json');
    expect(found.unmatched).toEqual(['token']);
    expect(found.suggested).toMatchObject({
      id: profileId,
      authScheme: 'headers',
      authHeaders: { key: 'X-Api-Key-Id', secret: 'X-Api-Key-Secret' },
      endpoints: {
        startProcess: { method: 'POST', path: '/open-api/processes/start' },
        getProcess: { method: 'GET', path: '/open-api/processes/{processId}/details' },
        getProcessByReference: {
          method: 'GET',
          path: '/open-api/processes/by-reference/{externalReference}',
        },
        getSteps: { method: 'GET', path: '/open-api/processes/{processId}/step-list' },
        addNote: { method: 'POST', path: '/open-api/processes/{processId}/add-note' },
      },
    });

    // Applying goes through profiles.save; new header names unbind the key, so it is set again.
    const applied = value<ProfileView>(await dispatch(core, 'profiles.save', found.suggested));
    expect(applied.hasCredentials).toBe(false);
    value(await setCredentials(profileId));
    const tested = value<ConnectionTest>(await dispatch(core, 'profiles.test', { profileId }));
    expect(tested.latencyMs).toBeGreaterThanOrEqual(0);

    const process = value<Process>(
      await dispatch(core, 'processes.getByReference', { profileId, externalReference: 'FT-000003' }),
    );
    expect(process).toMatchObject({ externalReference: 'FT-000003', status: 'InProgress' });

    const document = value<DocumentView>(
      await dispatch(core, 'documents.get', { profileId, documentId: process.documents[0]!.documentId }),
    );
    expect(document.kind).toBe('xml');
    expect(document.form?.groups.map((group) => group.name)).toContain('ClientInfo');

    const note = value<Note>(
      await dispatch(core, 'notes.add', {
        profileId,
        processId: process.processId,
        contents: 'Read through the discovered mapping.',
        visibleToAccounts: false,
        intentId: crypto.randomUUID(),
      }),
    );
    expect(note).toMatchObject({ contents: 'Read through the discovered mapping.', author: keyName });

    const step = process.steps.find((candidate) => candidate.completedOn === null)!;
    expect(step.name).toBe('Back office assessment');
    const done = value<CompleteStepResponse>(
      await dispatch(core, 'steps.complete', {
        profileId,
        processId: process.processId,
        stepId: step.stepId,
        intentId: crypto.randomUUID(),
        fields: [{ name: 'Outcome', value: 'Rejected', fieldId: process.processId, code: 'OUTCOME' }],
      }),
    );
    expect(done.completedStep).toMatchObject({ stepId: step.stepId });
    expect(done.completedStep.completedOn).not.toBeNull();
    expect(done.currentStep?.name).toBe('Tell the customer');
  });
});
