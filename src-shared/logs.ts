import type { ErrorCode } from './result';

/**
 * What the console records about its own work: the audit log of every change it made on a
 * service (intent before sending, outcome after) and the in-memory request log. Confidential
 * field values are masked before anything here is built.
 */

/** The mask shown instead of a confidential value, whatever its length. */
export const confidentialMask = '••••••';

/** A field as recorded or shown: its value masked when it is confidential. */
export interface MaskedField {
  name: string;
  code: string;
  fieldId: string;
  fieldType: string;
  confidential: boolean;
  value: string;
}

/** Masks confidential values; everything else is copied as is. */
export function maskFields(
  fields: readonly {
    name: string;
    code: string;
    fieldId: string;
    fieldType?: string;
    confidential?: boolean;
    value: string;
  }[],
): MaskedField[] {
  return fields.map((field) => ({
    name: field.name,
    code: field.code,
    fieldId: field.fieldId,
    fieldType: field.fieldType ?? 'Text',
    confidential: field.confidential ?? false,
    value: field.confidential ? confidentialMask : field.value,
  }));
}

/** The changes the console can make on a service. */
export type AuditAction = 'process.start' | 'note.add' | 'step.complete';

/** Written (and fsynced) before the first request of a change is sent. */
export interface AuditIntent {
  kind: 'intent';
  actionId: string;
  at: string;
  action: AuditAction;
  profileId: string;
  profileName: string;
  environment: 'test' | 'live';
  keyName: string;
  processId: string | null;
  externalReference: string | null;
  processTypeId: string | null;
  stepId: string | null;
  stepName: string | null;
  fields: MaskedField[];
  note: { contents: string; visibleToAccounts: boolean } | null;
  idempotencyKey: string | null;
}

/** Written after the change settled, or could not be settled. */
export interface AuditOutcome {
  kind: 'outcome';
  actionId: string;
  at: string;
  outcome: 'succeeded' | 'failed' | 'unknown';
  status: number | null;
  errorCode: ErrorCode | null;
  message: string;
  attempts: number;
  /** The process the change touched or created, when known. */
  processId: string | null;
  /** The external reference the service gave a process a start created (older lines lack it). */
  externalReference?: string | null;
}

/** One line of `audit.jsonl`. */
export type AuditLine = AuditIntent | AuditOutcome;

/** An intent joined with its outcome (null while unsettled, or if the console stopped mid-way). */
export interface AuditRecord {
  intent: AuditIntent;
  outcome: AuditOutcome | null;
}

/** How far a background rebuild of the audit index has read the file. */
export interface AuditIndexing {
  indexedBytes: number;
  totalBytes: number;
}

/** One page of the audit, newest first, with the count of every record the filter matches. */
export interface AuditPage {
  records: AuditRecord[];
  /** Records matching the filter (so far, while `indexing`). */
  total: number;
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Non-null while the index catches up with the file: the page may miss the newest records. */
  indexing: AuditIndexing | null;
}

/** The outcomes a filter can ask for: an outcome, or `pending` for none recorded. */
export type AuditOutcomeFilter = AuditOutcome['outcome'] | 'pending';

/** One HTTP exchange with a service, secrets and confidential values redacted. */
export interface RequestLogEntry {
  id: string;
  at: string;
  profileId: string;
  operation: string;
  method: string;
  /** Path and query, with ids; never credentials. */
  path: string;
  status: number | null;
  durationMs: number;
  requestBytes: number;
  responseBytes: number;
  errorCode: ErrorCode | null;
  attempt: number;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** The service's origin (`https://host:port`), so a copy as curl names the whole URL. */
  origin: string;
  /** The profile's auth scheme when the call was made, for the placeholders of a copy as curl. */
  authScheme: 'headers' | 'basic' | 'bearer';
  /** The request headers (names as sent) that carried the profile's credentials. */
  credentialHeaders: string[];
  /** The body sent, as the log keeps it (logged-body.ts); null when there was none. */
  requestBody: LoggedBody | null;
  /** The body received; null when there was none or no answer came. */
  responseBody: LoggedBody | null;
  /** True when the bodies were let go to keep the log within its memory budget. */
  bodiesDropped: boolean;
  /** The process ids and references the exchange names (path or answer), for the process filter. */
  processRefs: string[];
}

/** A request's or an answer's body as the request log keeps it. */
export interface LoggedBody {
  /** Redacted, confidential values masked, pretty-printed when JSON, cut at the log's limit. */
  text: string;
  /** The whole body's size in bytes. */
  bytes: number;
  /** True when `text` is only the start of the body. */
  truncated: boolean;
}
