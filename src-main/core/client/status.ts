import type { Profile } from '../../../src-shared/profile';
import type { ErrorCode } from '../../../src-shared/result';
import { ClientFailure } from './client-failure';
import { fieldErrorsOf, readErrorAnswer, type ErrorAnswer } from './error-answer';

/** An answer the client received, before it is judged. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /**
   * A 2xx answer asked for as bytes (a document): the body exactly as received, not yet cleaned
   * of `secrets`, so whoever reads it must clean what it shows (the document worker does).
   */
  bytes?: ArrayBuffer;
  secrets?: readonly string[];
  /** `text` parsed as JSON once where it arrived; `undefined` when it is not JSON or not parsed. */
  json?: unknown;
}

/** What the status classifier needs to write its sentence. */
export interface StatusContext {
  profile: Profile;
  /** What was asked for, for 404s: e.g. `process 6f1c…`. */
  subject?: string;
}

/**
 * Turns a non-2xx answer into a ClientFailure that quotes the service's own words, in API.md's
 * error format or RFC 9457 Problem Details, with the trace id a .NET tenant's support needs and
 * the fields a validation answer named.
 */
export function classifyStatus(answer: RawAnswer, context: StatusContext): ClientFailure {
  const { status } = answer;
  const own = readErrorAnswer(answer);
  const said = own ? serviceWords(own) : '';
  const where = `profile "${context.profile.name}"`;
  const unavailable = status === 502 || status === 503 || status === 504;
  const facts = {
    serviceCode: own?.code,
    errorFormat: own?.format,
    ambiguous: status === 502 || status === 504,
    unavailable,
  };
  const fieldErrors = own
    ? fieldErrorsOf(own.problems).map((error) => ({ ...error, message: clip(error.message) }))
    : [];
  const make = (code: ErrorCode, message: string, retryable = false, retryAfterSeconds?: number) =>
    new ClientFailure(
      code,
      message,
      { status, ...(retryable ? { retryable } : {}), ...(fieldErrors.length > 0 ? { fieldErrors } : {}) },
      { ...facts, retryAfterSeconds },
    );

  if (status >= 300 && status < 400) {
    const location = answer.headers.location;
    const target = location ? describeLocation(location, context.profile.baseUrl) : 'another address';
    return make(
      'invalid_input',
      `The service answered with a redirect to ${target}; credentials are only sent to the profile's own address. ` +
        `Check the base URL of ${where}.`,
    );
  }
  switch (status) {
    case 400:
    case 422:
      return make(
        'invalid_input',
        `The service refused the request as invalid (${status}).${said || ' Check the values and try again.'}`,
      );
    case 401:
      return make(
        'unauthorized',
        `The service did not accept the credentials of ${where} (401).${said} Check the API key and secret stored ` +
          `for the profile and its authentication scheme (${context.profile.authScheme}).`,
      );
    case 403:
      return make(
        'forbidden',
        `The API key of ${where} is not allowed to do this (403).${said} Ask an Api Admin to give the key that right, or use another profile.`,
      );
    case 404:
      return make(
        'not_found',
        `${context.subject ? `There is no ${context.subject}` : 'The service has no such item'} on ${where} (404).${said} ` +
          'Check the id; if every lookup fails, check the base URL and the endpoint map.',
      );
    case 409:
      return make(
        'conflict',
        `The service refused the change (409).${said || ' The process has moved on.'} Reload the process to see its current step.`,
      );
    case 413:
      return make(
        'invalid_input',
        `The request is too large for the service (413).${said} Shorten the values and try again.`,
      );
    case 429: {
      const wait = retryAfterSeconds(answer.headers['retry-after']);
      const when = wait === undefined ? 'in a minute' : `in ${Math.ceil(wait)} s`;
      return make(
        'server_error',
        `The service is limiting requests (429).${said} Try again ${when}.`,
        true,
        wait,
      );
    }
  }
  if (status >= 500) {
    const wait = retryAfterSeconds(answer.headers['retry-after']);
    return make(
      'server_error',
      `The service failed to answer (${status}).${said} Try again later; if it keeps failing, tell the service's administrators.`,
      unavailable,
      wait,
    );
  }
  return make(
    'invalid_input',
    `The service refused the request (${status}).${said} The endpoint map of ${where} may not match this service.`,
  );
}

/** The longest wait a Retry-After may ask for: a day (a larger one makes no time to show). */
const longestRetryAfterSeconds = 86_400;

/**
 * Seconds to wait from a Retry-After header: delta-seconds or an HTTP date. Undefined when absent
 * or unreadable; never negative, never more than a day.
 */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const date = /^\d+$/.test(trimmed) ? undefined : Date.parse(trimmed);
  const seconds = date === undefined ? Number(trimmed) : Number.isNaN(date) ? undefined : (date - now) / 1000;
  return seconds === undefined ? undefined : Math.min(longestRetryAfterSeconds, Math.max(0, seconds));
}

/** A redirect target without its query (it may carry tokens), relative ones resolved. */
function describeLocation(location: string, baseUrl: string): string {
  try {
    const url = new URL(location, baseUrl);
    return `${url.origin}${url.pathname}`;
  } catch {
    return 'an unreadable address';
  }
}

/** How many of a validation answer's problems its sentence quotes; the form shows each on its field. */
const quotedProblems = 3;

/**
 * ` The service said: "…"`, with the trace id when the service gave one. A validation answer
 * without a `detail` has only a title that says nothing ("One or more validation errors
 * occurred."), so its first problems are quoted instead, each with its path.
 */
function serviceWords(own: ErrorAnswer): string {
  const problems = own.problems
    .slice(0, quotedProblems)
    .map((problem) => `${problem.path}: ${problem.message.trim().replace(/\.$/, '')}`)
    .join('; ');
  const more =
    own.problems.length > quotedProblems ? ` (and ${own.problems.length - quotedProblems} more)` : '';
  const words = own.generic || own.message === undefined ? problems && `${problems}${more}` : own.message;
  const trace = own.traceId && `trace id ${own.traceId}: give it to the vendor's support`;
  if (!words) return trace ? ` (${trace[0]!.toUpperCase()}${trace.slice(1)}.)` : '';
  return ` The service said: "${clip(words)}"${trace ? ` (${trace}).` : ''}`;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}
