import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../src-main/core/client/api-client';
import { Failure } from '../../../../../src-main/core/failure';
import { createRequestLog } from '../../../../../src-main/core/request-log';
import { confidentialMask, type RequestLogEntry } from '../../../../../src-shared/logs';
import { valid } from '../../../../support/valid-input';
import {
  apiError,
  json,
  makePorts,
  makeProfile,
  processBody,
  startFake,
  step,
  type SeenRequest,
} from './helpers';

/*
 * A service that quotes a change's confidential value back: in its error sentence and a header,
 * or in a read-back that does not mark the field confidential. The reference service never
 * quotes a field value (src-sandbox/http/validation-messages.ts), so a fake of the test's own
 * does. What the request log view lists (requests.list) must not show the value, though main
 * still reads the answer as it came.
 */

const processId = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const stepA = '9a1d6c3e-2b4f-4e8a-8c1d-7f2e5b0a9c44';
const stepB = 'b0a9c449-2b4f-4e8a-8c1d-7f2e5b0a9c44';
const processTypeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';

/** How the fake answers a change: a 400 quoting the value, or done with the answer lost (502). */
type Answer = 'refuse-quoting' | 'commit-502';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function quotingService(answer: Answer) {
  let fields: Record<string, unknown>[] = [];
  let steps = [step(stepA, 'Assess')];
  const refuse = (request: SeenRequest) => {
    const sent = (JSON.parse(request.body) as { fields: { code: string; value: string }[] }).fields[0]!;
    return apiError('bad_request', `The value "${sent.value}" of field ${sent.code} is not valid.`);
  };
  const fake = await startFake((request, response) => {
    if (request.method === 'GET') return json(response, 200, processBody(processId, steps, { fields }));
    if (answer === 'refuse-quoting') {
      const body = refuse(request);
      return json(response, 400, body, { 'x-error-detail': body.error.message });
    }
    // Done, and its fields kept as sent but not marked confidential (a tenant may not mark them).
    fields = (JSON.parse(request.body) as { fields: Record<string, unknown>[] }).fields.map((field) => ({
      ...field,
      confidential: false,
    }));
    steps = [step(stepA, 'Assess', '2026-06-03T09:15:00'), step(stepB, 'Decide')];
    return json(response, 502, { message: 'Bad gateway' });
  });
  const profile = makeProfile(fake.url);
  const ports = makePorts([profile]);
  const requestLog = createRequestLog();
  const client = createApiClient({ ...ports, recorder: requestLog, random: () => 0, readBackDelayMs: 0 });
  cleanups.push(
    () => fake.close(),
    () => client.close(),
  );
  return { client, profile, ports, requestLog };
}

function nino(value: string) {
  return { name: 'NINO', code: 'NINO', value, fieldId: processId, confidential: true };
}

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

/** The message of the service's error as the request log view shows the POST's answer. */
function loggedMessage(entries: RequestLogEntry[]): string {
  const post = entries.find((entry) => entry.method === 'POST')!;
  return (JSON.parse(post.responseBody!.text) as { error: { message: string } }).error.message;
}

describe('a change whose confidential value the service quotes back', () => {
  it('shows the refusal in the request log with the value masked, in its answer and headers', async () => {
    const { client, profile, ports, requestLog } = await quotingService('refuse-quoting');
    const failure = await failureOf(
      client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields: [nino('QQ123456C')] }),
      ),
    );
    const entries = requestLog.list();
    expect(failure.error.code).toBe('invalid_input');
    expect(loggedMessage(entries)).toBe(`The value "${confidentialMask}" of field NINO is not valid.`);
    expect(entries.find((entry) => entry.method === 'POST')!.responseHeaders['x-error-detail']).toBe(
      `The value "${confidentialMask}" of field NINO is not valid.`,
    );
    expect(JSON.stringify(entries)).not.toContain('QQ123456C');
    expect(failure.message).not.toContain('QQ123456C');
    expect(JSON.stringify(ports.lines)).not.toContain('QQ123456C');
  });

  it('masks a value under 4 characters where it stands alone, and the answer stays readable JSON', async () => {
    const { client, profile, requestLog } = await quotingService('refuse-quoting');
    await failureOf(
      client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields: [nino('Q1')] }),
      ),
    );
    expect(loggedMessage(requestLog.list())).toBe(
      `The value "${confidentialMask}" of field NINO is not valid.`,
    );
  });

  it('masks it in a process start refused the same way', async () => {
    const { client, profile, requestLog } = await quotingService('refuse-quoting');
    await failureOf(
      client.startProcess(
        profile.id,
        valid('processes.start', { processTypeId, fields: [nino('QQ123456C')] }),
      ),
    );
    expect(loggedMessage(requestLog.list())).toBe(
      `The value "${confidentialMask}" of field NINO is not valid.`,
    );
    expect(JSON.stringify(requestLog.list())).not.toContain('QQ123456C');
  });

  it('reports a completion confirmed by a read-back that quotes the value as done, and logs the read-back masked', async () => {
    const { client, profile, requestLog } = await quotingService('commit-502');
    const done = await client.completeStep(
      profile.id,
      valid('steps.complete', { processId, stepId: stepA, fields: [nino('QQ123456C')] }),
    );
    // The read-back was compared with the value sent: the log's mask is not what main read.
    expect(done.completedStep.stepId).toBe(stepA);
    const entries = requestLog.list();
    const readBack = entries.find((entry) => entry.method === 'GET')!;
    expect(JSON.parse(readBack.responseBody!.text)).toMatchObject({
      fields: [{ code: 'NINO', value: confidentialMask }],
    });
    expect(JSON.stringify(entries)).not.toContain('QQ123456C');
  });
});
