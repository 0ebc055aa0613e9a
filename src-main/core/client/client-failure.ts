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

  constructor(code: ErrorCode, message: string, extra: Partial<CallError> = {}, facts: FailureFacts = {}) {
    super(code, message, extra);
    this.name = 'ClientFailure';
    this.ambiguous = facts.ambiguous ?? false;
    this.accepted = facts.accepted ?? false;
    this.retryAfterSeconds = facts.retryAfterSeconds;
    this.serviceCode = facts.serviceCode;
  }
}

/** Whether the request behind this failure may have been processed by the service. */
export function isAmbiguous(error: unknown): boolean {
  return error instanceof ClientFailure && error.ambiguous;
}

/** Whether the service accepted a change (2xx) without an answer the console could read. */
export function isAcceptedUnread(error: unknown): boolean {
  return error instanceof ClientFailure && error.accepted;
}

/** The ErrorCode of a Failure, or null for anything else. */
export function failureCode(error: unknown): ErrorCode | null {
  return error instanceof Failure ? error.error.code : null;
}
