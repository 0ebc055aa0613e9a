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

/**
 * The service's refusal of one field of a request's `fields` (a validation answer), so that a
 * form can show it on the input it is about.
 */
export interface FieldError {
  /** The field's position in the request's `fields`, from 0. */
  index: number;
  /** The input it is about, as the API names it (`fieldId`, `value`), or null for the whole field. */
  input: string | null;
  /** The service's own words, cleaned of secrets and confidential values. */
  message: string;
}

/** A failure as data: a sentence a person can act on, never a stack trace or a secret. */
export interface CallError {
  code: ErrorCode;
  message: string;
  status?: number;
  retryable?: boolean;
  /** The fields a validation answer named, when it named any. */
  fieldErrors?: FieldError[];
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
