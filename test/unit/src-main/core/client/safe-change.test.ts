import { valid } from '../../../../support/valid-input';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../src-main/core/client/api-client';
import { isAmbiguous, isUnavailable } from '../../../../../src-main/core/client/client-failure';
import { Failure } from '../../../../../src-main/core/failure';
import type { AuditIntent, AuditOutcome } from '../../../../../src-shared/logs';
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

const processId = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const stepA = 'aaaaaaaa-0d4a-4e8b-9c21-5a7f0e6d2b10';
const stepB = 'bbbbbbbb-0d4a-4e8b-9c21-5a7f0e6d2b10';
const intentId = '11111111-2222-4333-8444-555555555555';
const fields = [{ name: 'Outcome', value: 'Rejected', fieldId: processId, code: 'OUTCOME' }];

/** How the fake answers one change request. */
type Behaviour =
  | 'ok'
  | 'commit-502'
  | 'commit-reset'
  | 'reset'
  | 'commit-stall'
  | 'read-fails'
  | '503'
  | 'commit-204'
  | 'other-completes-502'
  | 'commit-then-read-fails'
  | '400-echo';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * A stateful fake of one process: step A current until completed, then B; notes; idempotency.
 * It stays a fake for what the reference service cannot do on demand: a commit whose answer
 * stalls or comes back empty (204), a read-back that fails with a 503 at a chosen moment, a
 * colleague's completion landing inside our 502, an error that quotes a field value back, and
 * the request headers and audit lines seen at the instant of each send. What the service does
 * anyway (a 409, the live-tenant confirmation, a retried intent after a lost answer, an audit
 * log that cannot be written, an empty note) is tested against it, behind the fault proxy, in
 * test/integration/client/safe-change.test.ts.
 */
async function fakeService(behaviours: Behaviour[]) {
  const state = {
    completions: 0,
    steps: [step(stepA, 'Send to back office')],
    notes: [] as Record<string, unknown>[],
    fields: [] as Record<string, unknown>[],
    readFails: false,
    /** Like a real tenant may: API.md's Idempotency-Key is our choice, not the vendor's. */
    ignoresIdempotencyKey: false,
  };
  const replies = new Map<string, unknown>();
  const auditAtSend: number[] = [];
  // The fake starts before the profile (it needs the port), so it reaches the audit lines late.
  const late: { ports?: ReturnType<typeof makePorts> } = {};
  const commit = (request: SeenRequest): unknown => {
    const key = String(request.headers['idempotency-key']);
    if (!state.ignoresIdempotencyKey && replies.has(key)) return replies.get(key);
    let reply: unknown;
    if (request.url.endsWith('/notes')) {
      const body = JSON.parse(request.body) as { contents: string; visibleToAccounts: boolean };
      reply = {
        noteId: `n${state.notes.length + 1}`,
        ...body,
        author: 'console-tests',
        createdOn: '2026-06-03T09:15:00',
      };
      state.notes.push(reply as Record<string, unknown>);
    } else {
      if (state.steps[0]!.completedOn !== null) return null;
      state.completions += 1;
      // Like the real service: the fields sent are created (or set) on the process.
      const sent = (JSON.parse(request.body) as { fields: Record<string, unknown>[] }).fields;
      state.fields = sent.map((field) => ({
        description: '',
        fieldType: 'Text',
        confidential: false,
        ...field,
      }));
      state.steps = [
        step(stepA, 'Send to back office', '2026-06-03T09:15:00'),
        step(stepB, 'Back office assessment'),
      ];
      reply = {
        completedStep: state.steps[0],
        currentStep: state.steps[1],
        process: processBody(processId, state.steps, { notes: state.notes, fields: state.fields }),
      };
    }
    replies.set(key, reply);
    return reply;
  };
  const fake = await startFake((request, response, socket) => {
    if (request.method === 'GET') {
      if (state.readFails) return json(response, 503, apiError('down', 'Down for maintenance.'));
      return json(
        response,
        200,
        processBody(processId, state.steps, { notes: state.notes, fields: state.fields }),
      );
    }
    auditAtSend.push(late.ports!.lines.length);
    const behaviour = behaviours.shift() ?? 'ok';
    if (behaviour === 'reset') return void socket.destroy();
    if (behaviour === 'read-fails') {
      state.readFails = true;
      return void socket.destroy();
    }
    if (behaviour === '400-echo') {
      // A service that quotes the value back in its error message.
      const sent = (JSON.parse(request.body) as { fields: { code: string; value: string }[] }).fields[0]!;
      return json(
        response,
        400,
        apiError('invalid_field', `Field ${sent.code} value ${sent.value} is not valid.`),
      );
    }
    if (behaviour === '503') return json(response, 503, apiError('busy', 'Try again later.'));
    if (behaviour === 'other-completes-502') {
      // A colleague completes the step with other values, while our request dies at a gateway.
      commit({
        ...request,
        headers: { 'idempotency-key': 'colleague' },
        body: JSON.stringify({ fields: [{ ...fields[0], value: 'Accepted' }] }),
      });
      return json(response, 502, { message: 'Bad gateway' });
    }
    const reply = commit(request);
    if (reply === null)
      return json(response, 409, apiError('step_not_current', 'The step is already complete.'));
    if (behaviour === 'commit-reset') return void socket.destroy();
    if (behaviour === 'commit-then-read-fails') {
      state.readFails = true;
      return void socket.destroy();
    }
    if (behaviour === 'commit-204') return void response.writeHead(204).end();
    if (behaviour === 'commit-stall') return;
    if (behaviour === 'commit-502') return json(response, 502, { message: 'Bad gateway' });
    return json(response, request.url.endsWith('/notes') ? 201 : 200, reply);
  });
  const profile = makeProfile(fake.url, { timeouts: { headersMs: 1_000, overallMs: 1_000 } });
  const ports = makePorts([profile]);
  late.ports = ports;
  const client = createApiClient({ ...ports, random: () => 0, readBackDelayMs: 10 });
  cleanups.push(
    () => fake.close(),
    () => client.close(),
  );
  const posts = () => fake.seen.filter((request) => request.method === 'POST');
  return { state, fake, profile, ports, client, posts, auditAtSend };
}

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('completing a step safely', () => {
  it('audits the intent before sending, sends the key, audits the outcome', async () => {
    const { client, profile, ports, posts, auditAtSend } = await fakeService(['ok']);
    const result = await client.completeStep(
      profile.id,
      valid('steps.complete', {
        processId,
        stepId: stepA,
        fields: [{ ...fields[0]!, confidential: true }],
        intentId,
      }),
    );
    expect(result.currentStep?.name).toBe('Back office assessment');
    expect(auditAtSend).toEqual([1]);
    expect(posts()[0]!.headers['idempotency-key']).toBe(intentId);
    const [intent, outcome] = ports.lines as [AuditIntent, AuditOutcome];
    expect(intent).toMatchObject({
      kind: 'intent',
      action: 'step.complete',
      stepName: 'Send to back office',
      idempotencyKey: intentId,
    });
    expect(intent.fields[0]!.value).toBe('••••••');
    expect(outcome).toMatchObject({
      kind: 'outcome',
      actionId: intent.actionId,
      outcome: 'succeeded',
      attempts: 1,
    });
  });

  it.each<[Behaviour]>([['commit-502'], ['commit-reset'], ['commit-stall']])(
    'settles %s by reading back: success, completed once',
    async (behaviour) => {
      const { client, profile, ports, posts, state } = await fakeService([behaviour]);
      const result = await client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields, intentId }),
      );
      expect(result.completedStep.stepId).toBe(stepA);
      expect(result.currentStep?.stepId).toBe(stepB);
      expect(state.completions).toBe(1);
      expect(posts()).toHaveLength(1);
      expect(ports.lines.at(-1)).toMatchObject({ outcome: 'succeeded', attempts: 1 });
    },
  );

  it('resends with the same key while the step is still current', async () => {
    const { client, profile, posts, state, ports } = await fakeService(['reset', 'reset', 'ok']);
    await client.completeStep(
      profile.id,
      valid('steps.complete', { processId, stepId: stepA, fields, intentId }),
    );
    expect(posts().map((request) => request.headers['idempotency-key'])).toEqual([
      intentId,
      intentId,
      intentId,
    ]);
    expect(state.completions).toBe(1);
    expect(ports.lines.at(-1)).toMatchObject({ outcome: 'succeeded', attempts: 3 });
  });

  it('gives up after 3 sends with outcome_unknown and what to check', async () => {
    const { client, profile, posts, ports } = await fakeService(['reset', 'reset', 'reset']);
    const failure = await failureOf(
      client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields, intentId }),
      ),
    );
    expect(failure.error.code).toBe('outcome_unknown');
    expect(failure.message).toMatch(
      /sent 3 times with the same key.*Open process FT-000003 \(.*\) and look at step "Send to back office"/,
    );
    expect(posts()).toHaveLength(3);
    expect(ports.lines.at(-1)).toMatchObject({
      outcome: 'unknown',
      errorCode: 'outcome_unknown',
      attempts: 3,
    });
    expect(isUnavailable(failure)).toBe(false);
  });

  it('says outcome_unknown when the read-back fails', async () => {
    const { client, profile } = await fakeService(['read-fails']);
    const failure = await failureOf(
      client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields, intentId }),
      ),
    );
    expect(failure.error.code).toBe('outcome_unknown');
    expect(failure.message).toMatch(/reading it back failed too \(The service failed to answer \(503\)/);
  });

  it('after a send with no clear answer, a refused resend is unknown, never failed', async () => {
    const { client, profile, ports } = await fakeService(['reset', '503']);
    const failure = await failureOf(
      client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields, intentId }),
      ),
    );
    expect(failure.error.code).toBe('outcome_unknown');
    expect(ports.lines.at(-1)).toMatchObject({ outcome: 'unknown', errorCode: 'outcome_unknown' });
    // The resend's 503 was a gateway's: a batch counts this row toward pausing itself.
    expect([isAmbiguous(failure), isUnavailable(failure)]).toEqual([true, true]);
  });

  it('reads back a 2xx it cannot parse, and reports the completion that happened as done', async () => {
    const { client, profile, state } = await fakeService(['commit-204']);
    const result = await client.completeStep(
      profile.id,
      valid('steps.complete', { processId, stepId: stepA, fields, intentId }),
    );
    expect(result.currentStep?.name).toBe('Back office assessment');
    expect(state.completions).toBe(1);
  });

  it("does not report a colleague's completion of the step as this one", async () => {
    const { client, profile, ports } = await fakeService(['other-completes-502']);
    const failure = await failureOf(
      client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields, intentId }),
      ),
    );
    expect(failure.error.code).toBe('outcome_unknown');
    expect(failure.message).toContain('not with the field values this console sent');
    expect(ports.lines.at(-1)).toMatchObject({ outcome: 'unknown' });
  });

  it('masks a confidential value the service quotes back, in the error and in the audit log', async () => {
    const { client, profile, ports } = await fakeService(['400-echo']);
    const secret = [{ ...fields[0]!, value: 'AB123456C', confidential: true }];
    const failure = await failureOf(
      client.completeStep(
        profile.id,
        valid('steps.complete', { processId, stepId: stepA, fields: secret, intentId }),
      ),
    );
    expect(failure.error.code).toBe('invalid_input');
    expect(failure.message).toContain('value •••••• is not valid');
    expect(JSON.stringify(ports.lines)).not.toContain('AB123456C');
  });
});

describe('adding a note safely', () => {
  it('settles a lost answer by finding the new note, and adds it once', async () => {
    const { client, profile, state, posts, ports } = await fakeService(['commit-502']);
    const note = await client.addNote(
      profile.id,
      valid('notes.add', {
        processId,
        contents: 'Collected by crew 4.',
        visibleToAccounts: false,
        intentId,
      }),
    );
    expect(note).toMatchObject({ noteId: 'n1', contents: 'Collected by crew 4.' });
    expect(state.notes).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect(ports.lines[0]).toMatchObject({
      action: 'note.add',
      note: { contents: 'Collected by crew 4.' },
      idempotencyKey: intentId,
    });
  });

  it('does not add a retried note again on a tenant that ignores Idempotency-Key', async () => {
    const { client, profile, state, posts } = await fakeService(['commit-then-read-fails']);
    state.ignoresIdempotencyKey = true;
    const input = valid('notes.add', {
      processId,
      contents: 'Once only.',
      visibleToAccounts: false,
      intentId,
    });
    const first = await failureOf(client.addNote(profile.id, input));
    expect(first.error.code).toBe('outcome_unknown');
    state.readFails = false;
    const retried = await client.addNote(profile.id, input);
    expect(retried.contents).toBe('Once only.');
    expect(state.notes).toHaveLength(1);
    expect(posts()).toHaveLength(1);
  });

  it('resends a note that did not arrive, with the same key', async () => {
    const { client, profile, state, posts } = await fakeService(['reset', 'ok']);
    await client.addNote(
      profile.id,
      valid('notes.add', { processId, contents: 'Second try.', visibleToAccounts: true }),
    );
    expect(state.notes).toHaveLength(1);
    expect(new Set(posts().map((request) => request.headers['idempotency-key'])).size).toBe(1);
  });
});
