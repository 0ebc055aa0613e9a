import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, startReceiver, type Receiver } from './receiver';
import { runCli } from './cli-helpers';
import { call, startTestSandbox, waitFor, type TestSandbox } from './helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function sandboxPostingTo(outboundUrl: string, restStepTimeoutMs?: number): Promise<TestSandbox> {
  const t = await startTestSandbox({ outboundUrl, restStepTimeoutMs });
  cleanups.push(() => t.stop());
  return t;
}

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  cleanups.push(() => started.close());
  return started;
}

/** Submits a fly-tipping form and waits until its REST step has a recorded call. */
async function submitAndWait(t: TestSandbox) {
  const submitted = await call(t.url, 'POST', '/forms/report-fly-tipping/submissions', {
    body: { answers: { FirstName: 'Ada', NINO: 'QQ999999Z', RequestLocation: 'Mill Lane' } },
  });
  expect(submitted.status).toBe(201);
  const processId: string = submitted.json.processId;
  return waitFor(async () => {
    const process = (await t.call('GET', `/open-api/processes/${processId}`)).json;
    return process.steps[0].restCall ? process : undefined;
  }, 'the REST step to be called');
}

describe('REST API steps', () => {
  it('posts the PascalCase payload with Fields and the document link, records it, maps the response and moves on', async () => {
    const back = await receiver('ok', { caseReference: 'BO-77', detail: { queue: 'North' } });
    const t = await sandboxPostingTo(back.url);
    const process = await submitAndWait(t);
    const [restStep, assessment] = process.steps;
    // The demo seed's newest report (not yet sent) is posted by the start-up sweep too.
    const sent = back.received.find((call) => call.body.ProcessId === process.processId)!;
    expect(back.received.filter((call) => call.body.ProcessId === process.processId)).toHaveLength(1);
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-back-office-key']).toBe('demo-back-office-key-not-a-real-secret');
    expect(Object.keys(sent.body)).toEqual([
      'SubscriptionId',
      'ProcessId',
      'ExternalReference',
      'GeoTag',
      'Documents',
      'Fields',
    ]);
    expect(sent.body).toMatchObject({
      ProcessId: process.processId,
      ExternalReference: process.externalReference,
      GeoTag: null,
    });
    expect(sent.body.Documents).toEqual([
      {
        Name: 'service-request.xml',
        ContentType: 'text/xml',
        Links: [{ Rel: 'self', Href: process.documents[0].href }],
      },
    ]);
    expect(sent.body.Fields).toContainEqual({ Label: 'First name', Code: 'FirstName', ValueAsString: 'Ada' });
    // The document id in the payload is readable through operation 8, as the back office would.
    const document = await t.call('GET', sent.body.Documents[0].Links[0].Href);
    expect(document.status).toBe(200);

    expect(restStep.completedOn).not.toBeNull();
    expect(restStep.restCall.request).toMatchObject({ method: 'POST', url: back.url });
    expect(restStep.restCall.request.headers['x-back-office-key']).toBe('[redacted]');
    expect(restStep.restCall.request.body).toEqual(sent.body);
    expect(restStep.restCall.response).toMatchObject({ status: 200, body: { caseReference: 'BO-77' } });
    expect(restStep.restCall.error).toBeNull();
    expect(assessment).toMatchObject({ name: 'Back office assessment', completedOn: null });
    expect(process.fields).toContainEqual(
      expect.objectContaining({ code: 'BACK_OFFICE_REF', value: 'BO-77' }),
    );
    expect(process.allocatedUser).toBe('Back office team');
    expect(t.logs.join('\n')).not.toContain('QQ999999Z');
  });

  it("records the receiver's cookies and session headers as [redacted], and serves them nowhere", async () => {
    const back = await receiver('ok', { caseReference: 'BO-88' });
    back.replyHeaders = { 'set-cookie': 'sid=abc', 'x-session-token': 'tok-7d1e-session-value' };
    const t = await sandboxPostingTo(back.url);
    const process = await submitAndWait(t);
    const response = process.steps[0].restCall.response;
    expect(response.status).toBe(200);
    expect(response.headers['set-cookie']).toBe('[redacted]');
    expect(response.headers['x-session-token']).toBe('[redacted]');
    expect(response.headers['content-type']).toBe('application/json');
    const served = await t.call('GET', `/open-api/processes/${process.processId}`);
    expect(served.text).not.toContain('sid=abc');
    expect(served.text).not.toContain('tok-7d1e-session-value');
    const steps = await t.call('GET', `/open-api/processes/${process.processId}/steps`);
    expect(steps.text).not.toContain('sid=abc');
    expect(steps.text).not.toContain('tok-7d1e-session-value');
    expect(t.logs.join('\n')).not.toContain('sid=abc');
  });

  it('leaves the step current and allocated to the failure user on a 500', async () => {
    const back = await receiver('error');
    const t = await sandboxPostingTo(back.url);
    const process = await submitAndWait(t);
    const restStep = process.steps[0];
    expect(process.steps).toHaveLength(1);
    expect(restStep.completedOn).toBeNull();
    expect(restStep.restCall.response.status).toBe(500);
    expect(restStep.restCall.error).toContain('HTTP 500');
    expect(process.allocatedUser).toBe('Back office support');
    expect(t.logs.join('\n')).toContain('failed');
  });

  it('gives up after the time limit and records a timeout', async () => {
    const back = await receiver('hang');
    const t = await sandboxPostingTo(back.url, 300);
    const process = await submitAndWait(t);
    expect(process.steps[0].completedOn).toBeNull();
    expect(process.steps[0].restCall.response).toBeNull();
    expect(process.steps[0].restCall.error).toContain('within 0.3 s');
    expect(process.allocatedUser).toBe('Back office support');
  });

  it('records an unreachable receiver', async () => {
    const t = await sandboxPostingTo(await closedPortUrl());
    const process = await submitAndWait(t);
    expect(process.steps[0].restCall.error).toContain('Connection refused');
    expect(process.steps[0].completedOn).toBeNull();
  });

  it('can still be completed by hand after a failure', async () => {
    const back = await receiver('error');
    const t = await sandboxPostingTo(back.url);
    const process = await submitAndWait(t);
    const done = await t.call(
      'POST',
      `/open-api/processes/${process.processId}/steps/${process.steps[0].stepId}/complete`,
      {
        body: { fields: [] },
      },
    );
    expect(done.status).toBe(200);
    expect(done.json.currentStep.name).toBe('Back office assessment');
  });

  it('retry-rest-steps beside a running server: the server reads what the other process wrote', async () => {
    const back = await receiver('ok', { caseReference: 'BO-CLI' });
    const t = await sandboxPostingTo(await closedPortUrl());
    const before = (await t.call('GET', '/open-api/processes/external-reference/FT-000004')).json;
    expect(before.steps).toHaveLength(1);
    const retry = await runCli(['retry-rest-steps', '--data', t.dataDir, '--outbound-url', back.url]);
    expect(retry.code).toBe(0);
    const after = (await t.call('GET', '/open-api/processes/external-reference/FT-000004')).json;
    expect(after.steps.map((step: { name: string }) => step.name)).toEqual([
      'Send to back office',
      'Back office assessment',
    ]);
    const current = (await t.call('GET', `/open-api/processes/${after.processId}/current-step`)).json;
    expect(current.name).toBe('Back office assessment');
  });
});
