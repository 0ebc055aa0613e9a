import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src-main/core/client/api-client';
import { Failure } from '../../../src-main/core/failure';
import type { AuditOutcome } from '../../../src-shared/logs';
import { valid } from '../../support/valid-input';
import { clientFor, flyTippingTypeId, startTestSandbox, type RunningSandbox } from './sandbox';

/**
 * The console's client against the reference service's vendor dialect (a .NET tenant's shape:
 * other paths, other key headers, PascalCase, changes answered 200 `{}`), with a profile set up
 * by hand as an administrator would from the tenant's description.
 */

let sandbox: RunningSandbox;
const clients: ApiClient[] = [];

/** The vendor dialect's paths, typed in from its /swagger/v1/swagger.json. */
const vendorProfile = {
  authHeaders: { key: 'X-Api-Key-Id', secret: 'X-Api-Key-Secret' },
  endpoints: {
    startProcess: { method: 'POST', path: '/open-api/processes/start' },
    getProcess: { method: 'GET', path: '/open-api/processes/{processId}/details' },
    getProcessByReference: { method: 'GET', path: '/open-api/processes/by-reference/{externalReference}' },
    getStepsByReference: {
      method: 'GET',
      path: '/open-api/processes/by-reference/{externalReference}/steps',
    },
    getSteps: { method: 'GET', path: '/open-api/processes/{processId}/step-list' },
    addNote: { method: 'POST', path: '/open-api/processes/{processId}/add-note' },
  },
} as const;

beforeAll(async () => {
  sandbox = await startTestSandbox('Back office desk', { dialect: 'vendor' });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await sandbox.stop();
});

function connect(overrides: Parameters<typeof clientFor>[2] = vendorProfile) {
  const made = clientFor(sandbox.url, sandbox.key, overrides);
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

function outcomes(lines: ReturnType<typeof connect>['ports']['lines']): AuditOutcome[] {
  return lines.filter((line): line is AuditOutcome => line.kind === 'outcome');
}

describe('the client against a tenant shaped like the vendor', () => {
  it('fails its connection test with the default settings', async () => {
    const { client, profileId } = connect({});
    const failure = await failureOf(client.testConnection(profileId));
    expect(failure.message).toMatch(/answered 404 without the API's error format/);
  });

  it('looks up FT-000003, reads its steps and document, adds a note and completes a step, each confirmed by reading back', async () => {
    const { client, profileId, ports } = connect();
    expect((await client.testConnection(profileId)).authenticated).toBe(true);
    const process = await client.getProcessByReference(profileId, 'FT-000003');
    expect(process).toMatchObject({ externalReference: 'FT-000003', status: 'InProgress' });
    const steps = await client.listSteps(profileId, { processId: process.processId });
    expect(await client.listSteps(profileId, { externalReference: 'FT-000003' })).toEqual(steps);
    const current = await client.currentStep(profileId, process.processId);
    expect(current?.name).toBe('Back office assessment');
    const document = await client.getDocument(profileId, { href: process.documents[0]!.href });
    expect(Buffer.from(document.contents, 'base64').toString('utf8')).toContain('<ServiceRequest');

    const note = await client.addNote(
      profileId,
      valid('notes.add', { processId: process.processId, contents: 'Assessed in the back office.' }),
    );
    expect(note).toMatchObject({ contents: 'Assessed in the back office.', author: 'Back office desk' });

    const done = await client.completeStep(
      profileId,
      valid('steps.complete', {
        processId: process.processId,
        stepId: current!.stepId,
        fields: [{ name: 'Outcome', value: 'Rejected', fieldId: process.processId, code: 'OUTCOME' }],
      }),
    );
    expect(done.completedStep).toMatchObject({ stepId: current!.stepId });
    expect(done.completedStep.completedOn).not.toBeNull();
    expect(done.currentStep?.name).toBe('Tell the customer');
    expect((await client.currentStep(profileId, process.processId))?.name).toBe('Tell the customer');

    expect(
      outcomes(ports.lines).map(({ outcome, status, message }) => ({ outcome, status, message })),
    ).toEqual([
      {
        outcome: 'succeeded',
        status: 200,
        message:
          'Done: the service accepted the change (answer 200) without saying its result; confirmed by reading back.',
      },
      {
        outcome: 'succeeded',
        status: 200,
        message:
          'Done: the service accepted the change (answer 200) without saying its result; confirmed by reading back.',
      },
    ]);
  });

  it('starts a process with an external reference and finds it by that reference', async () => {
    const { client, profileId } = connect();
    const started = await client.startProcess(
      profileId,
      valid('processes.start', { processTypeId: flyTippingTypeId, externalReference: 'VENDOR-START-1' }),
    );
    expect(started).toMatchObject({ externalReference: 'VENDOR-START-1', processTypeId: flyTippingTypeId });
  });

  it('says a start without an external reference was accepted but not identified, and audits it so', async () => {
    const { client, profileId, ports } = connect();
    const failure = await failureOf(
      client.startProcess(profileId, valid('processes.start', { processTypeId: flyTippingTypeId })),
    );
    expect(failure.error.code).toBe('outcome_unknown');
    expect(failure.message).toBe(
      'Accepted, not identified: the service accepted the change (answer 200) without saying its result. ' +
        `Without an external reference the console cannot look the new process up: look for a process of type ${flyTippingTypeId} ` +
        'started just now before starting it again, and give an external reference next time so that the console can confirm the start itself.',
    );
    expect(outcomes(ports.lines)).toEqual([
      expect.objectContaining({
        outcome: 'succeeded',
        status: 200,
        processId: null,
        message: failure.message,
      }),
    ]);
  });
});

describe('the client against a tenant that refuses in Problem Details (RFC 9457, the .NET default)', () => {
  const trace = /\(trace id 00-[0-9a-f]{32}-[0-9a-f]{16}-00: give it to the vendor's support\)/;

  it('passes the connection test: a Problem Details 404 for the probe is the API answering', async () => {
    const { client, profileId } = connect();
    expect(await client.testConnection(profileId)).toMatchObject({ authenticated: true });
  });

  it('says a lookup of an unknown process found nothing, in the service words, with the trace id', async () => {
    const { client, profileId } = connect();
    const unknown = '00000000-0000-0000-0000-00000000abcd';
    const failure = await failureOf(client.getProcess(profileId, unknown));
    expect(failure.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(failure.message).toContain(
      `There is no process ${unknown} on profile "Sandbox" (404). The service said: "No process has the id ${unknown}; check the id."`,
    );
    expect(failure.message).toMatch(trace);
  });

  it('puts a validation 400 on the field it names, and quotes it with the trace id', async () => {
    const { client, profileId } = connect();
    const process = await client.getProcessByReference(profileId, 'FT-000005');
    const step = process.steps.find((candidate) => candidate.completedOn === null)!;
    // The console takes values up to 100,000 characters; this tenant's model takes 10,000.
    const failure = await failureOf(
      client.completeStep(
        profileId,
        valid('steps.complete', {
          processId: process.processId,
          stepId: step.stepId,
          fields: [
            { name: 'Outcome', value: 'Rejected', fieldId: process.processId, code: 'OUTCOME' },
            { name: 'Notes', value: 'x'.repeat(10_001), fieldId: process.processId, code: 'NOTES' },
          ],
        }),
      ),
    );
    expect(failure.error).toMatchObject({
      code: 'invalid_input',
      status: 400,
      fieldErrors: [
        { index: 1, input: 'value', message: 'The Value field must be at most 10000 characters.' },
      ],
    });
    expect(failure.message).toContain(
      'The service refused the request as invalid (400). The service said: "fields[1].value must be at most 10000 characters (the field with code "NOTES")."',
    );
    expect(failure.message).toMatch(trace);
    expect((await client.currentStep(profileId, process.processId))?.stepId).toBe(step.stepId);
  });

  it('says a start refused as a conflict (409) was refused, with the trace id', async () => {
    const { client, profileId } = connect();
    const failure = await failureOf(
      client.startProcess(
        profileId,
        valid('processes.start', { processTypeId: flyTippingTypeId, externalReference: 'FT-000003' }),
      ),
    );
    expect(failure.error).toMatchObject({ code: 'conflict', status: 409 });
    expect(failure.message).toContain(
      'The service refused the change (409). The service said: "Another process already has the external reference FT-000003;',
    );
    expect(failure.message).toMatch(trace);
  });
});
