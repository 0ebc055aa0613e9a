import type { StepRecord } from '../storage/step-repo';
import type { EngineContext } from './context';

/** The payload a REST API step posts (API.md, "The outbound REST API step"): PascalCase keys. */
export interface RestPayload {
  SubscriptionId: string;
  ProcessId: string;
  ExternalReference: string;
  GeoTag: string | null;
  Documents: Array<{ Name: string; ContentType: string; Links: Array<{ Rel: string; Href: string }> }>;
  Fields?: Array<{ Label: string; Code: string; ValueAsString: string }>;
}

/** A call ready to send, with the headers as sent and as recorded (secret values redacted). */
export interface OutboundRequest {
  method: string;
  url: string | null;
  headers: Record<string, string>;
  recordedHeaders: Record<string, string>;
  body: RestPayload;
  timeoutMs: number;
}

/** What is recorded in place of a header value marked secret. */
export const redacted = '[redacted]';

const secretHeaderNames = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const secretHeaderWords = /secret|token|password|key|auth|session/i;

/**
 * True for a header whose value must never be recorded: credentials and cookies by name, and any
 * name containing secret, token, password, key, auth or session.
 */
export function isSecretHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return secretHeaderNames.has(lower) || secretHeaderWords.test(lower);
}

/** The headers with every secret-looking value replaced by `[redacted]` (names lowercased). */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const recorded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    recorded[name.toLowerCase()] = isSecretHeaderName(name) ? redacted : value;
  }
  return recorded;
}

/**
 * Builds the call for a REST API step from the process as it is now. The step's own URL wins;
 * otherwise the service's `--outbound-url`; with neither, `url` is null and the call fails.
 */
export function buildOutboundRequest(
  ctx: EngineContext,
  step: StepRecord,
  settings: { outboundUrl?: string; defaultTimeoutMs: number },
): OutboundRequest {
  const process = ctx.repos.processes.get(step.processId)!;
  const type = ctx.catalog.processType(process.processTypeId)!;
  const rest = type.steps[step.definitionIndex]!.rest!;
  const body: RestPayload = {
    SubscriptionId: rest.subscriptionId ?? type.processTypeId,
    ProcessId: process.processId,
    ExternalReference: process.externalReference,
    GeoTag: process.geoTag,
    Documents: ctx.repos.documents.list(process.processId).map((document) => ({
      Name: document.filename,
      ContentType: document.contentType,
      Links: [{ Rel: 'self', Href: document.href }],
    })),
  };
  if (rest.includeFields) {
    body.Fields = ctx.repos.fields
      .list(process.processId)
      .map((field) => ({ Label: field.name, Code: field.code, ValueAsString: field.value }));
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'process-console-sandbox',
  };
  const recordedHeaders = { ...headers };
  for (const header of rest.headers) {
    headers[header.name.toLowerCase()] = header.value;
    recordedHeaders[header.name.toLowerCase()] = header.secret ? redacted : header.value;
  }
  return {
    method: rest.method,
    url: rest.url ?? settings.outboundUrl ?? null,
    headers,
    recordedHeaders,
    body,
    timeoutMs: rest.timeoutMs ?? settings.defaultTimeoutMs,
  };
}
