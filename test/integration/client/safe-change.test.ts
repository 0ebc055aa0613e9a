import { valid } from '../../support/valid-input';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src-main/core/client/api-client';
import { Failure } from '../../../src-main/core/failure';
import type { Process } from '../../../src-shared/api';
import type { AuditIntent } from '../../../src-shared/logs';
import { makePorts, makeProfile } from '../../unit/src-main/core/client/helpers';
import { startFaultProxy, type Fault, type SeenLine } from './fault-proxy';
import {
  backOfficeFields,
  clientFor,
  flyTippingTypeId,
  startTestSandbox,
  type RunningSandbox,
} from './sandbox';

/**
 * The safe-change rules of the API client (test/unit/src-main/core/client/safe-change.test.ts)
 * that need only what the reference service does anyway: a 409 for a step completed meanwhile, a
 * live tenant's confirmation, an answer lost after the service committed (the fault proxy's 502).
 * Every client here reaches the service through the fault proxy, which counts the sends.
 */

let sandbox: RunningSandbox;
/** The truth, read straight from the service; also the colleague who completes a step meanwhile. */
let direct: ReturnType<typeof clientFor>;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox('safe-change');
  direct = clientFor(sandbox.url, sandbox.key);
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
afterAll(async () => {
  await direct?.client.close();
  await sandbox?.stop();
});

type Ports = ReturnType<typeof makePorts>;

/** A client whose requests pass the fault proxy: `fault` picks a fault per request, `posts()` are the sends. */
async function clientViaProxy(
  options: {
    environment?: 'test' | 'live';
    fault?: (line: SeenLine) => Fault;
    /** Replaces the audit log's intent write. */
    writeIntent?: (entry: AuditIntent, ports: Ports) => Promise<void>;
  } = {},
) {
  const sends: SeenLine[] = [];
  const proxy = await startFaultProxy({ host: '127.0.0.1', port: sandbox.port }, (line) => {
    if (line.method === 'POST') sends.push(line);
    return options.fault?.(line) ?? 'none';
  });
  const profile = makeProfile(proxy.url, {
    name: 'Sandbox',
    keyName: sandbox.key.name,
    environment: options.environment ?? 'test',
    // The smallest timeouts a profile allows.
    timeouts: { connectMs: 1_000, headersMs: 1_000, bodyIdleMs: 1_000, overallMs: 1_000 },
  });
  const ports = makePorts([profile], sandbox.credentials);
  const { writeIntent } = options;
  const audit = writeIntent
    ? { ...ports.audit, intent: (entry: AuditIntent) => writeIntent(entry, ports) }
    : ports.audit;
  const client = createApiClient({ ...ports, audit, random: () => 0, readBackDelayMs: 10 });
  cleanups.push(
    () => proxy.close(),
    () => client.close(),
  );
  return { client, profileId: profile.id, ports, posts: () => sends };
}

/** A new fly-tipping process, its current step "Send to back office", and fields to complete it. */
async function newProcess(reference = 'BO-1') {
  const process = await direct.client.startProcess(
    direct.profileId,
    valid('processes.start', { processTypeId: flyTippingTypeId }),
  );
  const stepId = process.steps.find((step) => step.completedOn === null)!.stepId;
  return {
    process,
    processId: process.processId,
    stepId,
    fields: backOfficeFields(process.processId, reference),
  };
}

/** How many steps of the process the service has completed since `before`. */
async function completionsSince(before: Process): Promise<number> {
  const after = await direct.client.getProcess(direct.profileId, before.processId);
  const done = (process: Process) => process.steps.filter((step) => step.completedOn !== null).length;
  return done(after) - done(before);
}

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('completing a step safely, against the reference service', () => {
  it('reports a plain refusal as failed without reading back or resending', async () => {
    const { process, processId, stepId, fields } = await newProcess();
    const { client, profileId, posts, ports } = await clientViaProxy({
      // After the console read the step as current and audited its intent, a colleague completes
      // it: the console's one send meets the service's own 409.
      writeIntent: async (entry, own) => {
        await own.audit.intent(entry);
        await direct.client.completeStep(
          direct.profileId,
          valid('steps.complete', { processId, stepId, fields: backOfficeFields(processId, 'BO-colleague') }),
        );
      },
    });
    const failure = await failureOf(
      client.completeStep(
        profileId,
        valid('steps.complete', { processId, stepId, fields, intentId: randomUUID() }),
      ),
    );
    expect(failure.error.code).toBe('conflict');
    expect(posts()).toHaveLength(1);
    expect(ports.lines.at(-1)).toMatchObject({ outcome: 'failed', status: 409, errorCode: 'conflict' });
    expect(await completionsSince(process)).toBe(1);
  });

  it('refuses a step that is not current, bad fields, and one completion in flight per step', async () => {
    const { process, processId, stepId, fields } = await newProcess();
    const { client, profileId, posts } = await clientViaProxy();
    // A step the process does not have (yet): the next one only exists once this one is complete.
    const wrong = await failureOf(
      client.completeStep(profileId, valid('steps.complete', { processId, stepId: randomUUID(), fields })),
    );
    expect(wrong.error.code).toBe('not_found');
    expect(() =>
      valid('steps.complete', { processId, stepId, fields: [{ ...fields[0]!, fieldId: 'x' }] }),
    ).toThrowError(`the process id ${processId} is a valid choice`);
    const first = client.completeStep(
      profileId,
      valid('steps.complete', { processId, stepId, fields, intentId: randomUUID() }),
    );
    const second = await failureOf(
      client.completeStep(
        profileId,
        valid('steps.complete', { processId, stepId: stepId.toUpperCase(), fields }),
      ),
    );
    expect(second.message).toBe('A completion of this step is already in progress.');
    await first;
    const again = await failureOf(
      client.completeStep(profileId, valid('steps.complete', { processId, stepId, fields })),
    );
    expect(again.message).toBe(
      `Step "Send to back office" of process ${process.externalReference} is already complete; the current step is "Back office assessment". Reload the process.`,
    );
    expect(posts()).toHaveLength(1);
    expect(await completionsSince(process)).toBe(1);
  });

  it('confirms a retried intent whose earlier send landed, without sending again', async () => {
    const { process, processId, stepId, fields } = await newProcess();
    let readsFail = false;
    const { client, profileId, posts, ports } = await clientViaProxy({
      // The service commits the completion, the client gets a 502 instead of its answer, and every
      // read-back after it is dropped: the first attempt cannot tell what happened.
      fault: (line) => {
        if (line.method === 'POST') {
          readsFail = true;
          return 'bad-gateway';
        }
        return readsFail ? 'drop' : 'none';
      },
    });
    const intentId = randomUUID();
    const first = await failureOf(
      client.completeStep(profileId, valid('steps.complete', { processId, stepId, fields, intentId })),
    );
    expect(first.error.code).toBe('outcome_unknown');
    readsFail = false;
    const retried = await client.completeStep(
      profileId,
      valid('steps.complete', { processId, stepId, fields, intentId }),
    );
    expect(retried.completedStep.name).toBe('Send to back office');
    expect(posts()).toHaveLength(1);
    expect(await completionsSince(process)).toBe(1);
    expect(ports.lines.at(-1)).toMatchObject({ outcome: 'succeeded', attempts: 0 });
  });

  it('asks for the external reference on a live tenant', async () => {
    const ft3 = await direct.client.getProcessByReference(direct.profileId, 'FT-000003');
    const processId = ft3.processId;
    const stepId = ft3.steps.find((step) => step.completedOn === null)!.stepId;
    const fields = [{ name: 'Outcome', value: 'Rejected', fieldId: processId, code: 'OUTCOME' }];
    const { client, profileId, posts } = await clientViaProxy({ environment: 'live' });
    const failure = await failureOf(
      client.completeStep(
        profileId,
        valid('steps.complete', { processId, stepId, fields, confirmation: 'FT-3' }),
      ),
    );
    expect(failure.message).toBe(
      'Type the external reference FT-000003 exactly to confirm a change on a live tenant.',
    );
    expect(posts()).toHaveLength(0);
    await client.completeStep(
      profileId,
      valid('steps.complete', { processId, stepId, fields, confirmation: 'FT-000003' }),
    );
    expect(posts()).toHaveLength(1);
  });

  it('sends nothing when the audit log cannot be written', async () => {
    const { process, processId, stepId, fields } = await newProcess();
    const { client, profileId, posts } = await clientViaProxy({
      writeIntent: () => Promise.reject(new Error('ENOSPC')),
    });
    const failure = await failureOf(
      client.completeStep(profileId, valid('steps.complete', { processId, stepId, fields })),
    );
    expect(failure.message).toMatch(
      /^Nothing was sent: the audit log could not record the change first \(ENOSPC\)/,
    );
    expect(posts()).toHaveLength(0);
    expect(await completionsSince(process)).toBe(0);
  });
});

describe('adding a note safely, against the reference service', () => {
  it('refuses an empty note before sending', async () => {
    const { processId } = await newProcess();
    const { posts } = await clientViaProxy();
    expect(() => valid('notes.add', { processId, contents: '  ', visibleToAccounts: false })).toThrowError(
      'The note is empty.',
    );
    expect(posts()).toHaveLength(0);
  });
});
