import type { CallError, ErrorCode } from '../../../src-shared/result';
import { Failure } from '../failure';

/** What the client knows about a failed exchange beyond its code, for retries and read-backs. */
export interface FailureFacts {
  /**
   * The service may have acted on the request: it was fully sent and then the answer was lost
   * (timeout, reset) or a gateway said 502/504. A change that fails this way must be read back.
   */
  ambiguous?: boolean;
  /**
   * The service answered a change 2xx in a shape the console cannot read (`{}`, an empty body):
   * the change was accepted, and only reading the process back tells its result.
   */
  accepted?: boolean;
  /** Seconds the service asked us to wait (Retry-After), when it said. */
  retryAfterSeconds?: number;
  /** The service's own error code (`error.code` of its body), e.g. `no_current_step`. */
  serviceCode?: string;
  /**
   * The answer was in an error format of the API: API.md's own, or RFC 9457 Problem Details as a
   * .NET tenant answers. Either says the service itself answered, not a page in front of it.
   */
  errorFormat?: 'api' | 'problem-details';
  /**
   * A gateway, or the service down for maintenance, answered in the service's place (502, 503,
   * 504): a batch counts such rows as it counts refused connections, and pauses after a few.
   */
  unavailable?: boolean;
}

/**
 * A Failure raised by the API client. It is still a {@link Failure}, so the one door into main
 * reports it as data; the extra facts stay in main.
 */
export class ClientFailure extends Failure {
  readonly ambiguous: boolean;
  readonly accepted: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly serviceCode: string | undefined;
  readonly errorFormat: 'api' | 'problem-details' | undefined;
  readonly unavailable: boolean;

  constructor(code: ErrorCode, message: string, extra: Partial<CallError> = {}, facts: FailureFacts = {}) {
    super(code, message, extra);
    this.name = 'ClientFailure';
    this.ambiguous = facts.ambiguous ?? false;
    this.accepted = facts.accepted ?? false;
    this.retryAfterSeconds = facts.retryAfterSeconds;
    this.serviceCode = facts.serviceCode;
    this.errorFormat = facts.errorFormat;
    this.unavailable = facts.unavailable ?? false;
  }
}

/** Whether the request behind this failure may have been processed by the service. */
export function isAmbiguous(error: unknown): boolean {
  return error instanceof ClientFailure && error.ambiguous;
}

/** Whether a gateway or a service down for maintenance answered instead of the service. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ClientFailure && error.unavailable;
}

/**
 * A change whose outcome the client could not learn. It may have happened, so it is ambiguous;
 * it keeps whether its last answer was a gateway's (`after`, the failure of its last send).
 */
export function outcomeUnknown(message: string, after: Failure | null): ClientFailure {
  return new ClientFailure(
    'outcome_unknown',
    message,
    {},
    { ambiguous: true, unavailable: isUnavailable(after) },
  );
}

/** Whether the service accepted a change (2xx) without an answer the console could read. */
export function isAcceptedUnread(error: unknown): boolean {
  return error instanceof ClientFailure && error.accepted;
}

/** The ErrorCode of a Failure, or null for anything else. */
export function failureCode(error: unknown): ErrorCode | null {
  return error instanceof Failure ? error.error.code : null;
}
