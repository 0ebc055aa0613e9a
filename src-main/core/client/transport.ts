import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { RequestLogEntry } from '../../../src-shared/logs';
import type { Profile } from '../../../src-shared/profile';
import { logBody } from '../../../src-shared/logged-body';
import { redactBody, redactHeaders, redactPath, redactText } from '../../../src-shared/redaction';
import type { RequestRecorder } from '../ports';
import { classifyTransportError } from './classify';
import { ClientFailure, failureCode } from './client-failure';
import type { RawAnswer } from './status';

/** One HTTP exchange to make: everything already resolved and authenticated. */
export interface Exchange {
  profile: Profile;
  dispatcher: Dispatcher;
  operation: string;
  attempt: number;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** The call's overall deadline. */
  deadline: AbortSignal;
  /** The caller's cancel signal, if any. */
  signal?: AbortSignal;
  /**
   * The profile's secret values at the moment of the call (key, secret, Basic value, token): a
   * misconfigured gateway may quote them in any header or body, so they are cleaned out of both.
   */
  secrets: readonly string[];
  /**
   * Secrets the answer itself brings (a new bearer token): cleaned out of its headers and what the
   * request log keeps, but not out of the body, which main parses and never shows.
   */
  secretsInAnswer?: (text: string) => string[];
  /** The names of the headers that carry the profile's credentials, for a copy as curl. */
  credentialHeaders?: readonly string[];
}

/**
 * Sends one request and reads the whole answer as text, with the profile's secret values cleaned
 * out of it before anyone sees it, and records it (redacted) whatever happens. Redirects are not followed (undici 7 follows none without its redirect interceptor),
 * so credentials go to the profile's origin only.
 */
export async function exchange(
  request: Exchange,
  recorder: RequestRecorder,
  now: () => Date,
): Promise<RawAnswer> {
  const startedAt = now();
  const started = performance.now();
  const signal = request.signal ? AbortSignal.any([request.deadline, request.signal]) : request.deadline;
  let sent = false;
  let answer: RawAnswer | undefined;
  let responseBytes = 0;
  let responseText: string | undefined;
  let failure: ClientFailure | undefined;
  let secrets = request.secrets;
  try {
    const response = await trackSent(request.dispatcher, () => (sent = true)).request({
      origin: request.url.origin,
      path: request.url.pathname + request.url.search,
      method: request.method as Dispatcher.HttpMethod,
      headers: request.headers,
      body: request.body ?? null,
      signal,
    });
    const headers = flattenHeaders(response.headers);
    const text = await response.body.text();
    responseText = text;
    responseBytes = Buffer.byteLength(text);
    secrets = [...request.secrets, ...(request.secretsInAnswer?.(text) ?? [])];
    for (const name of Object.keys(headers)) headers[name] = redactText(headers[name]!, secrets);
    answer = { status: response.statusCode, headers, text: redactBody(text, request.secrets) };
    return answer;
  } catch (error) {
    failure = classifyTransportError(error, {
      profile: request.profile,
      sent,
      deadlineFired: request.deadline.aborted,
      cancelled: request.signal?.aborted ?? false,
    });
    throw failure;
  } finally {
    const sentBody = logBody(request.body, secrets, request.body ? Buffer.byteLength(request.body) : 0);
    const answerBody = logBody(responseText, secrets, responseBytes);
    record(recorder, {
      id: randomUUID(),
      at: startedAt.toISOString(),
      profileId: request.profile.id,
      operation: request.operation,
      method: request.method,
      path: redactPath(request.url.pathname + request.url.search, secrets),
      status: answer?.status ?? null,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      requestBytes: request.body ? Buffer.byteLength(request.body) : 0,
      responseBytes,
      errorCode: failureCode(failure),
      attempt: request.attempt,
      requestHeaders: redactHeaders(request.headers, secrets),
      responseHeaders: answer ? redactHeaders(answer.headers, secrets) : {},
      origin: request.url.origin,
      authScheme: request.profile.authScheme,
      credentialHeaders: [...(request.credentialHeaders ?? [])],
      requestBody: sentBody.body,
      responseBody: answerBody.body,
      bodiesDropped: false,
      processRefs: [...new Set([...sentBody.processRefs, ...answerBody.processRefs])],
    });
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** A recorder that throws must not turn a good call into a failure. */
function record(recorder: RequestRecorder, entry: RequestLogEntry): void {
  try {
    recorder.record(entry);
  } catch {
    // The request log is a diagnostic aid; losing one line is better than failing the call.
  }
}

/**
 * A view of `dispatcher` that reports when undici has handed the whole request to the socket
 * (its legacy `onRequestSent` hook). After that point a lost answer is ambiguous: the service
 * may have acted. The handler is wrapped by a Proxy so undici's own `this` stays the handler.
 */
function trackSent(dispatcher: Dispatcher, onSent: () => void): Dispatcher {
  const dispatch: Dispatcher['dispatch'] = (options, handler) => {
    const hooked = new Proxy(handler, {
      get(target, key) {
        if (key === 'onRequestSent') {
          return () => {
            onSent();
            return (target as { onRequestSent?: () => void }).onRequestSent?.();
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return dispatcher.dispatch(options, hooked);
  };
  return new Proxy(dispatcher, {
    get: (target, key) => (key === 'dispatch' ? dispatch : Reflect.get(target, key)),
  });
}
