import type { CallError, ErrorCode } from '../../src-shared/result';

/**
 * An expected failure a core function reports (bad input, service said no, keychain locked).
 * The one door into main turns it into `{ok: false, error}`; anything else thrown is a bug.
 */
export class Failure extends Error {
  readonly error: CallError;

  constructor(code: ErrorCode, message: string, extra: Partial<CallError> = {}) {
    super(message);
    this.name = 'Failure';
    this.error = { code, message, ...extra };
  }
}
