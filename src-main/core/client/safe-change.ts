import { setTimeout as sleep } from 'node:timers/promises';
import { confidentialMask, type AuditIntent, type AuditOutcome } from '../../../src-shared/logs';
import { Failure } from '../failure';
import type { AuditWriter } from '../ports';
import { isAmbiguous } from './client-failure';

/**
 * Sends a change (complete a step, add a note, start a process) so that it happens at most once
 * and is never reported as failed when it happened: the intent is audited before the first send,
 * the same Idempotency-Key goes on every send, and an ambiguous failure is settled by reading the
 * service back, not by guessing.
 */

/** A change is sent at most this many times (the first send and two resends with the same key). */
export const maxSends = 3;

/** What reading the service back after an ambiguous failure found. */
export type ReadBack<T> =
  { state: 'done'; value: T } | { state: 'not-done' } | { state: 'other'; description: string };

/** One change to run. */
export interface ChangePlan<T> {
  intent: AuditIntent;
  /** Sends the change once (with the intent's Idempotency-Key). */
  send(): Promise<T>;
  /** Reads the service to learn whether the change happened; `undefined` when it cannot tell. */
  readBack?: () => Promise<ReadBack<T>>;
  /** What the user should look at before trying again, e.g. 'Open process FT-000003 and look at step "X"'. */
  whatToCheck: string;
  /** The process a successful change touched or created. */
  processIdOf(value: T): string | null;
  /** The status the service answers a success with (200 for a completion, 201 for a creation). */
  successStatus: number;
  /**
   * Values of the change's confidential fields: a service may quote a value back in its error
   * message, and that message goes to the audit log and the screen, so they are masked in it.
   */
  confidentialValues?: string[];
}

/** Replaces each confidential value quoted in a message with the mask. */
export function scrubMessage(message: string, values: readonly string[]): string {
  let scrubbed = message;
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    if (!value.trim()) continue;
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Short values are masked only where they stand alone, so "12" does not eat "(412)".
    const pattern =
      value.length >= 4
        ? new RegExp(escaped, 'g')
        : new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu');
    scrubbed = scrubbed.replace(pattern, confidentialMask);
  }
  return scrubbed;
}

/** What the runner needs from outside. */
export interface ChangeDependencies {
  audit: AuditWriter;
  now: () => Date;
  /** Pause before a read-back, so a service still committing the change can finish. */
  readBackDelayMs: number;
}

/** Runs a change plan; resolves with the change's result or throws a Failure. */
export async function runChange<T>(deps: ChangeDependencies, plan: ChangePlan<T>): Promise<T> {
  const scrub = (message: string) => scrubMessage(message, plan.confidentialValues ?? []);
  try {
    await deps.audit.intent(plan.intent);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Failure(
      'internal',
      `Nothing was sent: the audit log could not record the change first (${reason}). Check the data folder's disk space and permissions.`,
    );
  }
  const settle = async (
    outcome: AuditOutcome['outcome'],
    attempts: number,
    message: string,
    extra: Partial<AuditOutcome>,
  ) => {
    try {
      await deps.audit.outcome({
        kind: 'outcome',
        actionId: plan.intent.actionId,
        at: deps.now().toISOString(),
        outcome,
        status: null,
        errorCode: null,
        message: scrub(message),
        attempts,
        processId: plan.intent.processId,
        ...extra,
      });
    } catch {
      // The change itself is settled; an intent without an outcome shows as unsettled in the audit
      // view, which is the truthful state of the log.
    }
  };

  const ambiguous = new WeakSet<Failure>();
  let everAmbiguous = false;
  for (let sends = 1; ; sends += 1) {
    let failure: Failure;
    try {
      const value = await plan.send();
      await settle('succeeded', sends, 'Done.', {
        status: plan.successStatus,
        processId: plan.processIdOf(value),
      });
      return value;
    } catch (error) {
      if (!(error instanceof Failure)) {
        await settle(
          'unknown',
          sends,
          'The console failed while sending (a bug); the change may have happened.',
          { errorCode: 'internal' },
        );
        throw error;
      }
      // The service's own words may quote a confidential value back: mask it before it goes on.
      failure = new Failure(error.error.code, scrub(error.message), {
        ...(error.error.status !== undefined ? { status: error.error.status } : {}),
        ...(error.error.retryable !== undefined ? { retryable: error.error.retryable } : {}),
      });
      if (isAmbiguous(error)) ambiguous.add(failure);
    }
    const code = failure.error.code;
    if (ambiguous.has(failure)) everAmbiguous = true;
    // A 409 on a resend usually means our earlier send went through: read back before saying no.
    const worthReading = ambiguous.has(failure) || (sends > 1 && code === 'conflict');
    if (!worthReading && everAmbiguous) {
      // An earlier send may still land (a slow service commits after our read-back), so a clear
      // refusal of a resend proves nothing about the change itself.
      return unknown(
        `An earlier send got no clear answer, and the resend failed (${failure.message})`,
        sends,
      );
    }
    if (!worthReading || !plan.readBack) {
      if (!worthReading) {
        await settle('failed', sends, failure.message, {
          status: failure.error.status ?? null,
          errorCode: code,
        });
        throw failure;
      }
      return unknown(`${describe(failure)}, and this change cannot be read back.`, sends);
    }
    await sleep(deps.readBackDelayMs);
    let found: ReadBack<T>;
    try {
      found = await plan.readBack();
    } catch (readError) {
      const reason = readError instanceof Failure ? scrub(readError.message) : 'an unexpected error';
      return unknown(`${describe(failure)}, and reading it back failed too (${reason}).`, sends);
    }
    if (found.state === 'done') {
      await settle('succeeded', sends, `Done (confirmed by reading back after: ${failure.message})`, {
        processId: plan.processIdOf(found.value),
      });
      return found.value;
    }
    if (found.state === 'other')
      return unknown(`${describe(failure)}, and reading it back found ${found.description}.`, sends);
    if (code === 'cancelled') {
      // Not there yet is no proof: a request already sent may still be committed after this read.
      return unknown(
        'The change was cancelled after it was sent, and the service does not show it yet',
        sends,
      );
    }
    if (sends >= maxSends) {
      return unknown(
        `${describe(failure)}; it was sent ${sends} times with the same key and each answer was lost.`,
        sends,
      );
    }
  }

  async function unknown(whatHappened: string, sends: number): Promise<never> {
    const message = `${whatHappened} ${plan.whatToCheck}`;
    await settle('unknown', sends, message, { errorCode: 'outcome_unknown' });
    throw new Failure('outcome_unknown', scrub(message));
  }
}

/** The first half of an outcome_unknown sentence: what went wrong with the send. */
function describe(failure: Failure): string {
  switch (failure.error.code) {
    case 'timeout':
      return 'The change was sent but no answer came in time';
    case 'cancelled':
      return 'The change was cancelled after it was sent';
    case 'server_error':
      return `The change was sent but a gateway answered ${failure.error.status ?? 'with an error'} instead of the service`;
    case 'conflict':
      return 'The service refused a resend of the change as a conflict';
    default:
      return 'The connection was lost after the change was sent';
  }
}
