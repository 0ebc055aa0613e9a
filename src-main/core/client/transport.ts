import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { RequestLogEntry } from '../../../src-shared/logs';
import type { Profile } from '../../../src-shared/profile';
import { keptBody } from '../../../src-shared/logged-body';
import { maskQuoted, maskQuotedInHeaders } from '../../../src-shared/quoted-values';
import { redactHeaders, redactJsonBody, redactPath, redactText } from '../../../src-shared/redaction';
import { authHeaderNames } from './auth';
import type { RequestRecorder } from '../ports';
import { classifyTransportError } from './classify';
import { failureCode } from './client-failure';
import { Failure } from '../failure';
import { send, type BytesLimit } from './send';
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
  /**
   * The confidential field values of the change this exchange belongs to (its send or read-back):
   * the service may quote one back (an error sentence, a field it does not mark), so the request
   * log masks them wherever it keeps them. The answer main parses keeps them: a read-back is
   * compared with the values sent.
   */
  confidentialValues?: readonly string[];
  /**
   * A 2xx answer is kept as bytes (one ArrayBuffer a worker can take over) instead of text: a
   * 13 MiB document must not be decoded, cleaned and parsed in the main thread. Answers longer
   * than `limit` are refused while they arrive, with the sentence `refuse` gives.
   */
  bytesAnswer?: BytesLimit;
  /**
   * A cap on a text answer below the 32 MiB every answer has, with its own sentence: a batch reads
   * many processes at once, and 32 answers at 32 MiB each would hold a gigabyte in main. An error
   * answer over it keeps its status with its body dropped (send.ts), so it is still classified.
   */
  textAnswer?: BytesLimit;
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
  let failure: Failure | undefined;
  let secrets = request.secrets;
  try {
    const response = await send(
      request.dispatcher,
      {
        origin: request.url.origin,
        path: request.url.pathname + request.url.search,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal,
      },
      () => (sent = true),
      request.bytesAnswer,
      request.textAnswer,
    );
    const { headers, bytes } = response;
    responseBytes = response.size;
    if (bytes) {
      for (const name of Object.keys(headers)) headers[name] = redactText(headers[name]!, secrets);
      answer = { status: response.status, headers, text: '', bytes, secrets };
      return answer;
    }
    const { text } = response;
    responseText = text;
    secrets = [...request.secrets, ...(request.secretsInAnswer?.(text) ?? [])];
    for (const name of Object.keys(headers)) headers[name] = redactText(headers[name]!, secrets);
    // One parse, shared by the client's schema and the request log (JSON.parse of the same
    // answer three times, with the copies it leaves, was most of a batch read's cost).
    const cleaned = redactJsonBody(text, request.secrets);
    answer = { status: response.status, headers, text: cleaned.text, json: cleaned.json };
    return answer;
  } catch (error) {
    // A refused oversized answer is already a sentence; everything else is a transport error.
    failure =
      error instanceof Failure
        ? error
        : classifyTransportError(error, {
            profile: request.profile,
            sent,
            deadlineFired: request.deadline.aborted,
            cancelled: request.signal?.aborted ?? false,
          });
    throw failure;
  } finally {
    const confidential = request.confidentialValues ?? [];
    const sentBody = keptBody(request.body, secrets, {
      bytes: request.body ? Buffer.byteLength(request.body) : 0,
      confidential,
    });
    // The answer's text was cleaned with the request's secrets; when the answer brought no new one
    // (a token), the log takes that text and its parsed value as they are rather than cleaning again.
    const answerBody =
      answer !== undefined && answer.bytes === undefined && secrets.length === request.secrets.length
        ? keptBody(answer.text, secrets, {
            bytes: responseBytes,
            cleaned: { text: answer.text, json: answer.json },
            confidential,
          })
        : keptBody(responseText, secrets, { bytes: responseBytes, confidential });
    const names = authHeaderNames(request.profile);
    const loggedHeaders = (headers: Record<string, string>) =>
      maskQuotedInHeaders(redactHeaders(headers, secrets, names), confidential);
    record(recorder, {
      id: randomUUID(),
      at: startedAt.toISOString(),
      profileId: request.profile.id,
      operation: request.operation,
      method: request.method,
      path: maskQuoted(redactPath(request.url.pathname + request.url.search, secrets), confidential),
      status: answer?.status ?? null,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      requestBytes: request.body ? Buffer.byteLength(request.body) : 0,
      responseBytes,
      errorCode: failureCode(failure),
      attempt: request.attempt,
      // The profile's own key header names are secret by name, whatever they are called.
      requestHeaders: loggedHeaders(request.headers),
      responseHeaders: answer ? loggedHeaders(answer.headers) : {},
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

/** A recorder that throws must not turn a good call into a failure. */
function record(recorder: RequestRecorder, entry: RequestLogEntry): void {
  try {
    recorder.record(entry);
  } catch {
    // The request log is a diagnostic aid; losing one line is better than failing the call.
  }
}
