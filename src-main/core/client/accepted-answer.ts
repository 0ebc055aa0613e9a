import { setTimeout as sleep } from 'node:timers/promises';
import { assertNever } from '../../../src-shared/result';
import { Failure } from '../failure';
import type { ChangeDependencies, ChangePlan, Decision, ReadBack } from './safe-change';

/**
 * A 2xx answer without a readable result (`{}`, an empty body, another shape): the change was
 * accepted, never resent; its result comes from reading the service back.
 */
export async function decideAccepted<T>(
  deps: ChangeDependencies,
  plan: ChangePlan<T>,
  status: number | null,
  scrub: (message: string) => string,
): Promise<Decision<T>> {
  const answered = `the service accepted the change (answer ${status ?? '2xx'}) without saying its result`;
  const sentence = answered.charAt(0).toUpperCase() + answered.slice(1);
  if (!plan.readBack) {
    return {
      kind: 'accepted-unidentified',
      message: `Accepted, not identified: ${answered}. ${plan.notIdentified ?? plan.whatToCheck}`,
      status,
    };
  }
  await sleep(deps.readBackDelayMs);
  let found: ReadBack<T>;
  try {
    found = await plan.readBack({ accepted: true });
  } catch (readError) {
    const reason = readError instanceof Failure ? scrub(readError.message) : 'an unexpected error';
    return { kind: 'unknown', whatHappened: `${sentence}, and reading it back failed (${reason}).` };
  }
  switch (found.state) {
    case 'done':
      return {
        kind: 'succeeded',
        value: found.value,
        message: `Done: ${answered}; confirmed by reading back.`,
        status,
      };
    case 'other':
      return {
        kind: 'unknown',
        whatHappened: `${sentence}, and reading it back found ${found.description}.`,
      };
    case 'not-done':
      return { kind: 'unknown', whatHappened: `${sentence}, but reading it back does not show it yet.` };
    default:
      return assertNever(found);
  }
}
