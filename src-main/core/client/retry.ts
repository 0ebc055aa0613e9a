import { ClientFailure } from './client-failure';

/** GETs are tried at most this many times; a POST is never blindly retried. */
export const maxGetAttempts = 3;
/** The longest Retry-After the client waits for; a longer one fails with the time to come back. */
export const maxRetryAfterSeconds = 30;
/** First backoff ceiling; it doubles per attempt (full jitter picks anywhere below it). */
export const backoffBaseMs = 200;

/** Whether a failed GET may be tried again: network trouble, 429, 502, 503, 504. Never timeouts. */
export function isRetryableForGet(failure: ClientFailure): boolean {
  return failure.error.code === 'network' || failure.error.status === 429 || failure.unavailable;
}

/** Full-jitter exponential backoff (AWS architecture blog): uniform in [0, base * 2^(attempt-1)). */
export function backoffMs(attempt: number, random: () => number, base = backoffBaseMs): number {
  return Math.floor(random() * base * 2 ** (attempt - 1));
}

/**
 * How long to wait before the next attempt, or a ClientFailure to throw instead: the service's
 * Retry-After when it sent one (up to 30 s), else the backoff; never past the call's deadline.
 */
export function nextDelay(
  failure: ClientFailure,
  attempt: number,
  remainingMs: number,
  random: () => number,
  now: () => Date,
): number | ClientFailure {
  const asked = failure.retryAfterSeconds;
  if (asked !== undefined && asked > maxRetryAfterSeconds) {
    return new ClientFailure(
      failure.error.code,
      `${failure.message} The service asked to wait ${Math.ceil(asked)} s; try again after ${comeBackAt(asked, now)}.`,
      { status: failure.error.status, retryable: true },
      { retryAfterSeconds: asked, serviceCode: failure.serviceCode, unavailable: failure.unavailable },
    );
  }
  const delay = asked !== undefined ? asked * 1000 : backoffMs(attempt, random);
  return delay < remainingMs ? delay : failure;
}

/** The time of day `seconds` from now, as the sentences about a long Retry-After give it. */
export function comeBackAt(seconds: number, now: () => Date): string {
  return new Date(now().getTime() + seconds * 1000).toLocaleTimeString('en-GB');
}
