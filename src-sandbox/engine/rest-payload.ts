import { isSecretHeaderName, redacted } from '../../src-shared/redaction';
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

/**
 * A call ready to send, with the headers as sent and as recorded: values of headers marked secret
 * or named like a credential (src-shared/redaction.ts) are redacted.
 */
export interface OutboundRequest {
  method: string;
  url: string | null;
  headers: Record<string, string>;
  recordedHeaders: Record<string, string>;
  /** The values of the secret headers, to clean out of what the receiver answers. */
  secretValues: string[];
  body: RestPayload;
  timeoutMs: number;
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
  const secretValues: string[] = [];
  for (const header of rest.headers) {
    const secret = header.secret || isSecretHeaderName(header.name);
    headers[header.name.toLowerCase()] = header.value;
    recordedHeaders[header.name.toLowerCase()] = secret ? redacted : header.value;
    if (secret) secretValues.push(header.value);
  }
  return {
    method: rest.method,
    url: rest.url ?? settings.outboundUrl ?? null,
    headers,
    recordedHeaders,
    secretValues,
    body,
    timeoutMs: rest.timeoutMs ?? settings.defaultTimeoutMs,
  };
}
