import { valid } from '../../support/valid-input';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src-main/core/client/api-client';
import { Failure } from '../../../src-main/core/failure';
import type { ErrorCode } from '../../../src-shared/result';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy';
import {
  backOfficeFields,
  clientFor,
  flyTippingTypeId,
  startTestSandbox,
  type RunningSandbox,
} from './sandbox';

/**
 * Completion under injected faults: a TCP proxy in front of the reference service resets the
 * client after forwarding, stalls past the deadline, or answers 502 after the service committed.
 * Across >= 200 trials no step may be completed twice and no completion that happened may be
 * reported as failed. The tally is printed.
 */

/** The three faults of the issue, 70 trials each, plus requests dropped before the service saw them. */
const trials: [Exclude<Fault, 'none'>, number][] = [
  ['reset', 70],
  ['stall', 70],
  ['bad-gateway', 70],
  ['drop', 30],
];
const totalTrials = trials.reduce((sum, [, count]) => sum + count, 0);
const concurrency = 4;

type Verdict = 'succeeded' | 'outcome_unknown' | `failed:${ErrorCode}`;

let sandbox: RunningSandbox;
let proxy: FaultProxy;
let faulty: { client: ApiClient; profileId: string };
let direct: { client: ApiClient; profileId: string };
/** The fault of each process's completions, by process id. */
const faultOf = new Map<string, Fault>();
/** Completion requests the proxy saw, by process id. */
const sendsOf = new Map<string, number>();

beforeAll(async () => {
  sandbox = await startTestSandbox('fault-trials');
  proxy = await startFaultProxy({ host: '127.0.0.1', port: sandbox.port }, (line) => {
    const match = /^\/open-api\/processes\/([0-9a-f-]{36})\/steps\/[0-9a-f-]{36}\/complete$/i.exec(line.path);
    if (line.method !== 'POST' || !match) return 'none';
    const processId = match[1]!.toLowerCase();
    const sends = (sendsOf.get(processId) ?? 0) + 1;
    sendsOf.set(processId, sends);
    const fault = faultOf.get(processId) ?? 'none';
    // A dropped request is dropped once: the resend must then get through. Other faults hit every send.
    return fault === 'drop' && sends > 1 ? 'none' : fault;
  });
  // The smallest timeouts a profile allows, so a stall costs one second.
  faulty = clientFor(proxy.url, sandbox.key, {
    timeouts: { connectMs: 1_000, headersMs: 1_000, bodyIdleMs: 1_000, overallMs: 1_000 },
  });
  direct = clientFor(sandbox.url, sandbox.key);
});
afterAll(async () => {
  await Promise.all([faulty?.client.close(), direct?.client.close()]);
  await proxy?.close();
  await sandbox?.stop();
});

async function trial(fault: Exclude<Fault, 'none'>, n: number) {
  const started = await direct.client.startProcess(
    direct.profileId,
    valid('processes.start', { processTypeId: flyTippingTypeId }),
  );
  const stepId = started.steps.find((step) => step.completedOn === null)!.stepId;
  faultOf.set(started.processId.toLowerCase(), fault);
  let verdict: Verdict;
  try {
    await faulty.client.completeStep(
      faulty.profileId,
      valid('steps.complete', {
        processId: started.processId,
        stepId,
        fields: backOfficeFields(started.processId, `BO-${fault}-${n}`),
        intentId: randomUUID(),
      }),
    );
    verdict = 'succeeded';
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    verdict = error.error.code === 'outcome_unknown' ? 'outcome_unknown' : `failed:${error.error.code}`;
  }
  // The truth, read directly from the service.
  const after = await direct.client.getProcess(direct.profileId, started.processId);
  const target = after.steps.filter((step) => step.stepId === stepId);
  const completedOnce = target.length === 1 && target[0]!.completedOn !== null;
  const movedOneStep = after.steps.length === started.steps.length + 1;
  const sends = sendsOf.get(started.processId.toLowerCase()) ?? 0;
  return { fault, verdict, sends, completed: completedOnce, double: completedOnce && !movedOneStep };
}

describe('completion under injected faults', () => {
  it(`never completes twice and never reports a done completion as failed (${totalTrials} trials)`, async () => {
    const queue = trials.flatMap(([fault, count]) =>
      Array.from({ length: count }, (_, n) => [fault, n] as const),
    );
    queue.sort(() => Math.random() - 0.5);
    const results: Awaited<ReturnType<typeof trial>>[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) results.push(await trial(...next));
      }),
    );
    const tally: Record<string, Record<string, number>> = {};
    for (const result of results) {
      const row = (tally[result.fault] ??= {});
      const key = `${result.verdict}${result.completed ? '' : ' (not completed)'} after ${result.sends} send(s)`;
      row[key] = (row[key] ?? 0) + 1;
    }
    const doubles = results.filter((result) => result.double).length;
    const falseFailures = results.filter(
      (result) => result.completed && result.verdict.startsWith('failed'),
    ).length;
    const falseSuccesses = results.filter(
      (result) => !result.completed && result.verdict === 'succeeded',
    ).length;
    console.log(
      `Fault trials: ${results.length}; faults injected ${JSON.stringify({ ...proxy.injected, none: undefined })}\n` +
        Object.entries(tally)
          .map(([fault, row]) => `  ${fault.padEnd(12)} ${JSON.stringify(row)}`)
          .join('\n') +
        `\n  double completions: ${doubles}; done but reported failed: ${falseFailures}; reported done but not: ${falseSuccesses}`,
    );
    expect(results).toHaveLength(totalTrials);
    expect(doubles).toBe(0);
    expect(falseFailures).toBe(0);
    expect(falseSuccesses).toBe(0);
  }, 240_000);
});
