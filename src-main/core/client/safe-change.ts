import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditIntent, AuditOutcome } from '../../../src-shared/logs';
import { maskQuoted } from '../../../src-shared/quoted-values';
import { assertNever } from '../../../src-shared/result';
import { Failure } from '../failure';
import type { AuditWriter } from '../ports';
import { decideAccepted } from './accepted-answer';
import { ClientFailure, isAcceptedUnread, isAmbiguous, outcomeUnknown } from './client-failure';

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
  /**
   * Reads the service to learn whether the change happened; `undefined` when it cannot tell.
   * `accepted`: the service answered 2xx without a readable result, so a change found done is
   * this one (no need to tell it apart from a colleague's).
   */
  readBack?: (after: { accepted: boolean }) => Promise<ReadBack<T>>;
  /** Accepted but not readable and no read-back: what the user should do to find the result. */
  notIdentified?: string;
  /** What the user should look at before trying again, e.g. 'Open process FT-000003 and look at step "X"'. */
  whatToCheck: string;
  /** The process a successful change touched or created. */
  processIdOf(value: T): string | null;
  /** The external reference of a process the change created, for the audit to show. */
  referenceOf?: (value: T) => string | null;
  /** The status the service answers a success with (200 for a completion, 201 for a creation). */
  successStatus: number;
  /**
   * Values of the change's confidential fields: a service may quote a value back in its error
   * message, and that message goes to the audit log and the screen, so they are masked in it.
   */
  confidentialValues?: readonly string[];
}

/** What the runner needs from outside. */
export interface ChangeDependencies {
  audit: AuditWriter;
  now: () => Date;
  /** Pause before a read-back, so a service still committing the change can finish. */
  readBackDelayMs: number;
}

/** One send, classified: the ambiguity of a failure travels in the value. */
type Sent<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; failure: Failure }
  | { kind: 'unclear'; failure: Failure }
  | { kind: 'accepted'; status: number | null }
  | { kind: 'bug'; error: unknown };

/** What the runner does after a send. */
export type Decision<T> =
  | { kind: 'succeeded'; value: T; message: string; status: number | null }
  | { kind: 'failed'; failure: Failure }
  | { kind: 'unknown'; whatHappened: string }
  | { kind: 'accepted-unidentified'; message: string; status: number | null }
  | { kind: 'resend' };

/**
 * Runs a change plan: audit the intent, then send, classify, read back when the answer is
 * unclear, and decide; resolves with the change's result or throws a Failure.
 */
export async function runChange<T>(deps: ChangeDependencies, plan: ChangePlan<T>): Promise<T> {
  const scrub = (message: string) => maskQuoted(message, plan.confidentialValues ?? []);
  await auditIntent(deps, plan);
  const settle = (
    outcome: AuditOutcome['outcome'],
    attempts: number,
    message: string,
    extra: Partial<AuditOutcome>,
  ) => settleOutcome(deps, plan, { outcome, attempts, message: scrub(message), ...extra });
  let everUnclear = false;
  for (let sends = 1; ; sends += 1) {
    const sent = await sendOnce(plan, scrub);
    if (sent.kind === 'bug') {
      await settle(
        'unknown',
        sends,
        'The console failed while sending (a bug); the change may have happened.',
        {
          errorCode: 'internal',
        },
      );
      throw sent.error;
    }
    everUnclear ||= sent.kind === 'unclear';
    const decision = await decide(deps, plan, sent, sends, everUnclear, scrub);
    switch (decision.kind) {
      case 'succeeded':
        await settle('succeeded', sends, decision.message, {
          status: decision.status,
          processId: plan.processIdOf(decision.value),
          ...(plan.referenceOf ? { externalReference: plan.referenceOf(decision.value) } : {}),
        });
        return decision.value;
      case 'failed':
        await settle('failed', sends, decision.failure.message, {
          status: decision.failure.error.status ?? null,
          errorCode: decision.failure.error.code,
        });
        throw decision.failure;
      case 'unknown': {
        const message = scrub(`${decision.whatHappened} ${plan.whatToCheck}`);
        await settle('unknown', sends, message, { errorCode: 'outcome_unknown' });
        // A batch counts a change a gateway kept answering toward pausing itself.
        throw outcomeUnknown(message, 'failure' in sent ? sent.failure : null);
      }
      case 'accepted-unidentified':
        // The change happened (2xx), so the audit says so; the caller has no result to show, so
        // the call fails with the sentence saying how to find it.
        await settle('succeeded', sends, decision.message, { status: decision.status, processId: null });
        throw new Failure('outcome_unknown', scrub(decision.message));
      case 'resend':
        continue;
      default:
        return assertNever(decision);
    }
  }
}

/** The intent goes to the audit log before the first byte leaves; if it cannot, nothing is sent. */
async function auditIntent<T>(deps: ChangeDependencies, plan: ChangePlan<T>): Promise<void> {
  try {
    await deps.audit.intent(plan.intent);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Failure(
      'internal',
      `Nothing was sent: the audit log could not record the change first (${reason}). Check the data folder's disk space and permissions.`,
    );
  }
}

async function settleOutcome<T>(
  deps: ChangeDependencies,
  plan: ChangePlan<T>,
  fields: Pick<AuditOutcome, 'outcome' | 'attempts' | 'message'> & Partial<AuditOutcome>,
): Promise<void> {
  try {
    await deps.audit.outcome({
      kind: 'outcome',
      actionId: plan.intent.actionId,
      at: deps.now().toISOString(),
      status: null,
      errorCode: null,
      processId: plan.intent.processId,
      ...fields,
    });
  } catch {
    // The change itself is settled; an intent without an outcome shows as unsettled in the audit
    // view, which is the truthful state of the log.
  }
}

/** Sends once; the service's own words may quote a confidential value back, so they are masked. */
async function sendOnce<T>(plan: ChangePlan<T>, scrub: (message: string) => string): Promise<Sent<T>> {
  try {
    return { kind: 'ok', value: await plan.send() };
  } catch (error) {
    if (!(error instanceof Failure)) return { kind: 'bug', error };
    if (isAcceptedUnread(error)) return { kind: 'accepted', status: error.error.status ?? null };
    // The client's facts go along with the masked sentence: a batch waits the Retry-After of a
    // 429 to a change (without it, the lane waited 1 s whatever the service asked).
    const failure = new ClientFailure(
      error.error.code,
      scrub(error.message),
      {
        ...(error.error.status !== undefined ? { status: error.error.status } : {}),
        ...(error.error.retryable !== undefined ? { retryable: error.error.retryable } : {}),
        ...(error.error.fieldErrors
          ? {
              fieldErrors: error.error.fieldErrors.map((field) => ({
                ...field,
                message: scrub(field.message),
              })),
            }
          : {}),
      },
      error instanceof ClientFailure
        ? {
            ambiguous: error.ambiguous,
            retryAfterSeconds: error.retryAfterSeconds,
            serviceCode: error.serviceCode,
            errorFormat: error.errorFormat,
            unavailable: error.unavailable,
          }
        : {},
    );
    return { kind: isAmbiguous(error) ? 'unclear' : 'refused', failure };
  }
}

/** Decides what a send means, reading the service back when the answer proves nothing. */
async function decide<T>(
  deps: ChangeDependencies,
  plan: ChangePlan<T>,
  sent: Exclude<Sent<T>, { kind: 'bug' }>,
  sends: number,
  everUnclear: boolean,
  scrub: (message: string) => string,
): Promise<Decision<T>> {
  if (sent.kind === 'ok')
    return { kind: 'succeeded', value: sent.value, message: 'Done.', status: plan.successStatus };
  if (sent.kind === 'accepted') return decideAccepted(deps, plan, sent.status, scrub);
  const { failure } = sent;
  // A 409 on a resend usually means our earlier send went through: read back before saying no.
  // A 500 may come after the service committed (it failed answering): read back, never resend.
  const failedAfter = sent.kind === 'refused' && failure.error.status === 500 && !everUnclear;
  const worthReading =
    sent.kind === 'unclear' || (sends > 1 && failure.error.code === 'conflict') || failedAfter;
  if (!worthReading) {
    // After an unclear send, a clear refusal of the resend proves nothing about the change: the
    // earlier send may still land after our read-back.
    return everUnclear
      ? {
          kind: 'unknown',
          whatHappened: `An earlier send got no clear answer, and the resend failed (${failure.message})`,
        }
      : { kind: 'failed', failure };
  }
  if (!plan.readBack) {
    if (failedAfter) return { kind: 'failed', failure };
    return { kind: 'unknown', whatHappened: `${describe(failure)}, and this change cannot be read back.` };
  }
  await sleep(deps.readBackDelayMs);
  let found: ReadBack<T>;
  try {
    found = await plan.readBack({ accepted: false });
  } catch (readError) {
    const reason = readError instanceof Failure ? scrub(readError.message) : 'an unexpected error';
    return {
      kind: 'unknown',
      whatHappened: `${describe(failure)}, and reading it back failed too (${reason}).`,
    };
  }
  switch (found.state) {
    case 'done':
      return {
        kind: 'succeeded',
        value: found.value,
        message: `Done (confirmed by reading back after: ${failure.message})`,
        status: null,
      };
    case 'other':
      return {
        kind: 'unknown',
        whatHappened: `${describe(failure)}, and reading it back found ${found.description}.`,
      };
    case 'not-done':
      if (failedAfter) return { kind: 'failed', failure };
      // Not there yet is no proof after a cancel: a request already sent may still be committed.
      if (failure.error.code === 'cancelled') {
        return {
          kind: 'unknown',
          whatHappened: 'The change was cancelled after it was sent, and the service does not show it yet',
        };
      }
      if (sends >= maxSends) {
        return {
          kind: 'unknown',
          whatHappened: `${describe(failure)}; it was sent ${sends} times with the same key and each answer was lost.`,
        };
      }
      return { kind: 'resend' };
    default:
      return assertNever(found);
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
      if (failure.error.status === 500)
        return 'The change was sent and the service answered that it failed (500)';
      return `The change was sent but a gateway answered ${failure.error.status ?? 'with an error'} instead of the service`;
    case 'conflict':
      return 'The service refused a resend of the change as a conflict';
    default:
      return 'The connection was lost after the change was sent';
  }
}
