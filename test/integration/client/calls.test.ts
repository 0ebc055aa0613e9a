import { valid } from '../../support/valid-input';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src-main/core/client/api-client';
import { Failure } from '../../../src-main/core/failure';
import {
  backOfficeFields,
  clientFor,
  flyTippingTypeId,
  startTestSandbox,
  type RunningSandbox,
} from './sandbox';

/** Every call of the API client against the reference service on real HTTP, in each auth scheme. */

let sandbox: RunningSandbox;
const clients: ApiClient[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await sandbox.stop();
});

function connect(
  overrides: Parameters<typeof clientFor>[2] = {},
  credentials?: Parameters<typeof clientFor>[3],
) {
  const made = clientFor(sandbox.url, sandbox.key, overrides, credentials);
  clients.push(made.client);
  return made;
}

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe.each(['headers', 'basic', 'bearer'] as const)('every call with the %s scheme', (authScheme) => {
  it('proves the connection', async () => {
    const { client, profileId } = connect({ authScheme });
    const proof = await client.testConnection(profileId);
    expect(proof.authenticated).toBe(true);
    expect(proof.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reads the seeded FT-000003 by reference and by id, its steps and documents', async () => {
    const { client, profileId } = connect({ authScheme });
    const byReference = await client.getProcessByReference(profileId, 'FT-000003');
    expect(byReference.externalReference).toBe('FT-000003');
    const byId = await client.getProcess(profileId, byReference.processId);
    expect(byId.processId).toBe(byReference.processId);
    const steps = await client.listSteps(profileId, { processId: byId.processId });
    expect(steps.map((step) => step.name)).toContain('Back office assessment');
    expect(await client.listSteps(profileId, { externalReference: 'FT-000003' })).toEqual(steps);
    expect((await client.currentStep(profileId, byId.processId))?.name).toBe('Back office assessment');
    expect(byId.documents.length).toBeGreaterThan(0);
    for (const document of byId.documents) {
      const byHref = await client.getDocument(profileId, { href: document.href });
      const byDocumentId = await client.getDocument(profileId, { documentId: document.documentId });
      expect(byHref).toEqual(byDocumentId);
      expect(Buffer.from(byHref.contents, 'base64').length).toBeGreaterThan(0);
    }
  });

  it('starts a process, adds a note, completes steps to the end, then has no current step', async () => {
    const { client, profileId, ports } = connect({ authScheme });
    const started = await client.startProcess(
      profileId,
      valid('processes.start', {
        processTypeId: flyTippingTypeId,
        fields: [{ name: 'Location', value: 'Lay-by on the A34', fieldId: randomUUID(), code: 'LOCATION' }],
      }),
    );
    expect(started.processTypeId).toBe(flyTippingTypeId);
    const note = await client.addNote(
      profileId,
      valid('notes.add', {
        processId: started.processId,
        contents: `Checked via ${authScheme}.`,
        visibleToAccounts: false,
      }),
    );
    expect(note.author).toBe(sandbox.key.name);
    let current = await client.currentStep(profileId, started.processId);
    expect(current?.name).toBe('Send to back office');
    const names: string[] = [];
    for (let guard = 0; current && guard < 6; guard += 1) {
      names.push(current.name);
      const fields =
        current.name === 'Back office assessment'
          ? [{ name: 'Outcome', value: 'Rejected', fieldId: started.processId, code: 'OUTCOME' }]
          : backOfficeFields(started.processId, `BO-${guard}`);
      const done = await client.completeStep(
        profileId,
        valid('steps.complete', {
          processId: started.processId,
          stepId: current.stepId,
          fields,
        }),
      );
      expect(done.completedStep.stepId).toBe(current.stepId);
      current = await client.currentStep(profileId, started.processId);
      expect(done.currentStep?.stepId ?? null).toBe(current?.stepId ?? null);
    }
    expect(names.slice(0, 3)).toEqual(['Send to back office', 'Back office assessment', 'Tell the customer']);
    expect(current).toBeNull();
    const outcomes = ports.lines.filter((line) => line.kind === 'outcome');
    expect(outcomes.every((line) => line.kind === 'outcome' && line.outcome === 'succeeded')).toBe(true);
  });
});

describe('failures a person can act on', () => {
  it('reports a wrong secret as unauthorized, quoting the service', async () => {
    const { client, profileId } = connect({}, { apiKey: sandbox.key.apiKey, apiSecret: 'wrong-secret' });
    const failure = await failureOf(client.getProcessByReference(profileId, 'FT-000003'));
    expect(failure.error.code).toBe('unauthorized');
    expect(failure.message).toMatch(
      /^The service did not accept the credentials of profile "Sandbox" \(401\)\. The service said: ".+"/,
    );
    expect(failure.message).not.toContain('wrong-secret');
  });

  it('reports a wrong secret with bearer as unauthorized from the token endpoint', async () => {
    const { client, profileId } = connect(
      { authScheme: 'bearer' },
      { apiKey: sandbox.key.apiKey, apiSecret: 'wrong-secret' },
    );
    expect((await failureOf(client.getProcessByReference(profileId, 'FT-000003'))).error.code).toBe(
      'unauthorized',
    );
  });

  it('reports unknown ids, bad input and a step that is not current', async () => {
    const { client, profileId } = connect();
    expect((await failureOf(client.getProcess(profileId, randomUUID()))).error.code).toBe('not_found');
    expect((await failureOf(client.getProcessByReference(profileId, 'NO-SUCH-REF'))).error.code).toBe(
      'not_found',
    );
    const seeded = await client.getProcessByReference(profileId, 'FT-000003');
    const done = seeded.steps.find((step) => step.completedOn !== null)!;
    const conflict = await failureOf(
      client.completeStep(
        profileId,
        valid('steps.complete', { processId: seeded.processId, stepId: done.stepId, fields: [] }),
      ),
    );
    expect(conflict.error.code).toBe('conflict');
    expect(conflict.message).toContain('is already complete; the current step is "Back office assessment"');
    const invalid = await failureOf(
      client.startProcess(profileId, valid('processes.start', { processTypeId: randomUUID() })),
    );
    expect(['invalid_input', 'not_found']).toContain(invalid.error.code);
    expect(invalid.message).toContain('The service said:');
  });

  it('reports a stopped service as network', async () => {
    const spare = await startTestSandbox('stopped-service');
    const { client, profileId } = connect();
    const stopped = clientFor(spare.url, spare.key);
    clients.push(stopped.client);
    expect((await stopped.client.testConnection(stopped.profileId)).authenticated).toBe(true);
    await spare.stop();
    const failure = await failureOf(stopped.client.getProcessByReference(stopped.profileId, 'FT-000003'));
    expect(failure.error.code).toBe('network');
    expect(failure.message).toContain(`Nothing is answering at ${spare.url}`);
    expect((await client.testConnection(profileId)).authenticated).toBe(true);
  });
});
