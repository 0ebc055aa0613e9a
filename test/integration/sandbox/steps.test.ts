import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, startTestSandbox, vendorStartSample, waitFor, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

/** A fresh fly-tipping process moved past its (failing, no outbound URL) REST step by hand. */
async function processAtAssessment(): Promise<{ processId: string }> {
  const started = await t.call('POST', '/open-api/processes', { body: vendorStartSample() });
  const processId: string = started.json.processId;
  const restStep = await waitFor(async () => {
    const step = (await t.call('GET', `/open-api/processes/${processId}/current-step`)).json;
    return step.restCall ? step : undefined;
  }, 'the REST step to fail');
  expect(restStep.restCall.error).toContain('No outbound URL');
  const process = (await t.call('GET', `/open-api/processes/${processId}`)).json;
  expect(process.allocatedUser).toBe('Back office support');
  const done = await t.call('POST', `/open-api/processes/${processId}/steps/${restStep.stepId}/complete`, {
    body: { fields: [] },
  });
  expect(done.status).toBe(200);
  expect(done.json.currentStep.name).toBe('Back office assessment');
  return { processId };
}

describe('current step and complete step (operations 5 and 7)', () => {
  it('reads the current step of FT-000003: Back office assessment, not complete, and the codes its rules read', async () => {
    const process = (await t.call('GET', '/open-api/processes/external-reference/FT-000003')).json;
    const current = await t.call('GET', `/open-api/processes/${process.processId}/current-step`);
    expect(current.status).toBe(200);
    expect(current.json).toEqual({
      stepId: current.json.stepId,
      kind: 'Standard',
      name: 'Back office assessment',
      startedOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      completedOn: null,
      // Its rule goes to "Tell the customer" when OUTCOME equals Rejected (the demo seed).
      ruleFieldCodes: ['OUTCOME'],
    });
    const steps = (await t.call('GET', `/open-api/processes/${process.processId}/steps`)).json;
    // A step without rules says nothing.
    expect(steps.map((step: { ruleFieldCodes?: string[] }) => step.ruleFieldCodes)).toEqual([
      undefined,
      ['OUTCOME'],
    ]);
  });

  it('completes a step with the process id as fieldId, creating and then updating fields by code', async () => {
    const { processId } = await processAtAssessment();
    const before = (await t.call('GET', `/open-api/processes/${processId}`)).json;
    const current = (await t.call('GET', `/open-api/processes/${processId}/current-step`)).json;
    const reply = await t.call('POST', `/open-api/processes/${processId}/steps/${current.stepId}/complete`, {
      body: { fields: [field('OUTCOME', 'Accepted', processId), field('FIELDVALUE1', 'Changed', processId)] },
    });
    expect(reply.status).toBe(200);
    expect(reply.json.completedStep).toMatchObject({
      stepId: current.stepId,
      name: 'Back office assessment',
    });
    expect(reply.json.completedStep.completedOn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(reply.json.currentStep).toMatchObject({ name: 'Arrange collection', completedOn: null });
    const fields = reply.json.process.fields as Array<{ code: string; value: string; fieldId: string }>;
    expect(fields.map((f) => f.code)).toEqual([
      ...before.fields.map((f: { code: string }) => f.code),
      'OUTCOME',
    ]);
    expect(fields.find((f) => f.code === 'FIELDVALUE1')).toMatchObject({
      value: 'Changed',
      fieldId: processId,
    });
    expect(fields.find((f) => f.code === 'OUTCOME')).toMatchObject({ value: 'Accepted', fieldId: processId });
    expect(reply.json.process.allocatedUser).toBe('Street cleansing');
  });

  it('branches on OUTCOME = Rejected to "Tell the customer", which completes the process', async () => {
    const { processId } = await processAtAssessment();
    const assessment = (await t.call('GET', `/open-api/processes/${processId}/current-step`)).json;
    const rejected = await t.call(
      'POST',
      `/open-api/processes/${processId}/steps/${assessment.stepId}/complete`,
      {
        body: { fields: [field('OUTCOME', 'Rejected')] },
      },
    );
    expect(rejected.json.currentStep.name).toBe('Tell the customer');
    expect(rejected.json.process.allocatedUser).toBe('Customer services');
    const last = await t.call(
      'POST',
      `/open-api/processes/${processId}/steps/${rejected.json.currentStep.stepId}/complete`,
      {
        body: {},
      },
    );
    expect(last.status).toBe(200);
    expect(last.json.currentStep).toBeNull();
    expect(last.json.process).toMatchObject({ status: 'Completed', allocatedUser: null });
    expect(last.json.process.steps.map((s: { name: string }) => s.name)).toEqual([
      'Send to back office',
      'Back office assessment',
      'Tell the customer',
    ]);
    const noCurrent = await t.call('GET', `/open-api/processes/${processId}/current-step`);
    expect(noCurrent.status).toBe(404);
    expect(noCurrent.json.error.code).toBe('no_current_step');
  });

  it("answers 409 for a step already complete and 404 for a step that is not the process's", async () => {
    const { processId } = await processAtAssessment();
    const steps = (await t.call('GET', `/open-api/processes/${processId}/steps`)).json;
    const restStep = steps[0];
    const again = await t.call('POST', `/open-api/processes/${processId}/steps/${restStep.stepId}/complete`, {
      body: { fields: [] },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('step_already_complete');
    const other = (await t.call('GET', '/open-api/processes/external-reference/FT-000003')).json;
    const foreign = await t.call(
      'POST',
      `/open-api/processes/${processId}/steps/${other.steps[1].stepId}/complete`,
      {
        body: {},
      },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('step_not_found');
    const unknown = await t.call(
      'POST',
      `/open-api/processes/${processId}/steps/0a0b0c0d-1111-4222-8333-444455556666/complete`,
      { body: {} },
    );
    expect(unknown.status).toBe(404);
  });

  it('validates complete-step fields: a bad fieldId is a 400 naming the index, nothing changes', async () => {
    const { processId } = await processAtAssessment();
    const current = (await t.call('GET', `/open-api/processes/${processId}/current-step`)).json;
    const reply = await t.call('POST', `/open-api/processes/${processId}/steps/${current.stepId}/complete`, {
      body: { fields: [field('A', '1'), { ...field('B', '2'), fieldId: '{nope}' }] },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.error.message).toContain('fields[1].fieldId');
    expect(reply.json.error.message).toContain('"B"');
    const after = (await t.call('GET', `/open-api/processes/${processId}/current-step`)).json;
    expect(after.stepId).toBe(current.stepId);
  });
});

describe('add a note (operation 6)', () => {
  it("records the note with the API key's name as author", async () => {
    const process = (await t.call('GET', '/open-api/processes/external-reference/FT-000004')).json;
    const reply = await t.call('POST', `/open-api/processes/${process.processId}/notes`, {
      body: { contents: 'Back office updated', visibleToAccounts: true },
    });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({
      contents: 'Back office updated',
      visibleToAccounts: true,
      author: 'Integration test key',
    });
    const after = (await t.call('GET', `/open-api/processes/${process.processId}`)).json;
    expect(after.notes.at(-1)).toEqual(reply.json);
    const empty = await t.call('POST', `/open-api/processes/${process.processId}/notes`, {
      body: { contents: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe('contents must not be empty.');
  });
});
