/** Every failure a bridge call can report; the renderer switches on it exhaustively. */
export const errorCodes = [
  'invalid_input',
  'network',
  'timeout',
  'tls',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'server_error',
  'bad_response',
  'keychain_unavailable',
  'cancelled',
  'outcome_unknown',
  'unknown_call',
  'internal',
] as const;

/** One of {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number];

/** A failure as data: a sentence a person can act on, never a stack trace or a secret. */
export interface CallError {
  code: ErrorCode;
  message: string;
  status?: number;
  retryable?: boolean;
}

/** What every bridge call resolves to. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: CallError };

/** Wraps a value as a successful result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Wraps a failure as a result. */
export function fail<T = never>(code: ErrorCode, message: string, extra: Partial<CallError> = {}): Result<T> {
  return { ok: false, error: { code, message, ...extra } };
}

/** Compile-time proof that a switch handled every case. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
