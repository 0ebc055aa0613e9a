import { assertNever, type ErrorCode } from '../../src-shared/result';

/** How the console answers one kind of failure. */
export interface ErrorAdvice {
  /** Whether asking again can help; Retry is offered only for safe reads, when the caller gives one. */
  retry: boolean;
  /** A warning rather than an error: something may have happened, or works in a lesser way. */
  warning: boolean;
  /** What to do before anything else, when the service's sentence cannot know it. */
  guidance?: string;
  /** Nothing went wrong (the user asked for it): said as a notice, not as an alert. */
  calm?: boolean;
}

/**
 * The one place that decides, per error code, what the console offers. Exhaustive: a new code in
 * the contract does not compile until it is decided here. The sentences come from main, which
 * already names the profile, the key store or the address; the advice adds only what they cannot.
 */
export function adviceFor(code: ErrorCode): ErrorAdvice {
  switch (code) {
    case 'network':
    case 'timeout':
    case 'server_error':
    case 'bad_response':
      return { retry: true, warning: false };
    case 'cancelled':
      // The user stopped waiting: asking again is one click, and nothing is wrong.
      return { retry: true, warning: false, calm: true };
    case 'keychain_unavailable':
      // Unlocking the key store and asking again is the fix the message gives.
      return { retry: true, warning: true };
    case 'outcome_unknown':
      // The change may have been made: a blind retry could make it twice.
      return { retry: false, warning: true, guidance: 'Open the process and check before trying again.' };
    case 'invalid_input':
    case 'tls':
    case 'unauthorized':
    case 'forbidden':
    case 'not_found':
    case 'conflict':
    case 'unknown_call':
    case 'internal':
      // Asking again gives the same answer until something is changed.
      return { retry: false, warning: false };
    default:
      return assertNever(code);
  }
}
