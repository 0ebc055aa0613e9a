import { request, type Dispatcher } from 'undici';
import type { RestCall } from '../domain/api-types';
import { redactHeaders } from '../../src-shared/redaction';
import type { OutboundRequest } from './rest-payload';

/** The outcome of one call: a response (any status), or an error when none came. */
export type CallOutcome = Pick<RestCall, 'response' | 'error'>;

const maxRecordedBody = 256 * 1024;

/**
 * Sends a REST API step's call with undici and a hard time limit covering connect, headers and
 * body. Never throws for a network problem: the problem becomes the recorded `error`. Throws only
 * when `stop` fires (the service is closing), so the caller leaves the step "not yet called".
 */
export async function sendRestCall(
  outbound: OutboundRequest,
  dispatcher: Dispatcher,
  stop: AbortSignal,
): Promise<CallOutcome> {
  if (outbound.url === null) {
    return {
      response: null,
      error: 'No outbound URL is configured for this step; start the service with --outbound-url URL.',
    };
  }
  const timeout = AbortSignal.timeout(outbound.timeoutMs);
  try {
    const response = await request(outbound.url, {
      method: outbound.method as Dispatcher.HttpMethod,
      headers: outbound.headers,
      body: JSON.stringify(outbound.body),
      dispatcher,
      headersTimeout: outbound.timeoutMs,
      bodyTimeout: outbound.timeoutMs,
      signal: AbortSignal.any([stop, timeout]),
    });
    const text = await readCapped(response.body);
    const headers = flattenHeaders(response.headers);
    const body = parseBody(text, headers['content-type']);
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return {
      // Response headers are recorded, and served, with credentials, cookies and echoed secrets redacted.
      response: { status: response.statusCode, headers: redactHeaders(headers, outbound.secretValues), body },
      error: ok ? null : `The receiver answered HTTP ${response.statusCode}; the step stays current.`,
    };
  } catch (error) {
    if (stop.aborted) throw error;
    return { response: null, error: describeFailure(error, outbound, timeout.aborted) };
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > maxRecordedBody) {
      body.destroy();
      return `${Buffer.concat(chunks).toString('utf8', 0, maxRecordedBody)}… [truncated at 256 KiB]`;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return null;
  if (contentType !== undefined && /\bjson\b/i.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function describeFailure(error: unknown, outbound: OutboundRequest, timedOut: boolean): string {
  const seconds = outbound.timeoutMs / 1000;
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  const target = safeOrigin(outbound.url);
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return `No response from ${target} within ${seconds} s; the step stays current.`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return `Could not connect to ${target} within ${seconds} s.`;
  if (code === 'ECONNREFUSED') return `Connection refused by ${target}; is the receiver running?`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The host of ${target} could not be found.`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return `${target} closed the connection before answering.`;
  const message = error instanceof Error ? error.message : String(error);
  return `The call to ${target} failed: ${code ? `${code}, ` : ''}${message}`;
}

function safeOrigin(url: string | null): string {
  try {
    return new URL(url ?? '').origin;
  } catch {
    return 'the receiver';
  }
}
