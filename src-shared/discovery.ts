import { z } from 'zod';
import type { AuthHeaders, Endpoint, Operation } from './profile';

/**
 * What reading a tenant's API description (`profiles.discover`) finds and proposes, and what
 * "Check the mapping" (`profiles.checkMapping`) reports. Nothing here changes a profile: the
 * proposal is applied only through `profiles.save` (see discovery-apply.ts).
 */

/** The description last read for a profile, kept beside it in profiles.json. */
export const descriptionRecordSchema = z.object({
  url: z.string().max(2000),
  title: z.string().max(500),
  version: z.string().max(200),
  /** `Swagger 2.0`, `OpenAPI 3.0.3`, ... */
  format: z.string().max(50),
  /** sha-256 of the bytes read, hex. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  readAt: z.string().max(40),
  /** Set when this read's hash differs from the read before it: the tenant's description changed. */
  changedFrom: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), readAt: z.string().max(40) }).nullable(),
});
export type DescriptionRecord = z.output<typeof descriptionRecordSchema>;

/** How sure a match is: high (0.8 and up), medium (0.5 and up), low. */
export type Confidence = 'high' | 'medium' | 'low';

/** One console operation and what the description offers for it. */
export interface OperationProposal {
  operation: Operation;
  current: Endpoint;
  /** Null when nothing in the description fits. */
  proposed: Endpoint | null;
  confidence: Confidence | null;
  /** 0 to 1. */
  score: number;
  /** Why, in words: "path ends in /current-step", "operation id getCurrentStep" ... */
  reasons: string[];
  /** True when applying it would change the profile. */
  changes: boolean;
  /** The description's own method and path (before renaming placeholders and adding a prefix). */
  source: { method: string; path: string; operationId: string | null; summary: string | null } | null;
}

/** How the key travels: the profile's `authScheme` and, for `headers`, the header names. */
export interface AuthSetting {
  scheme: 'headers' | 'basic' | 'bearer';
  headers: AuthHeaders;
}

/** What the description says about authentication. */
export interface AuthFinding {
  current: AuthSetting;
  /** Null when the description names no scheme the console can send. */
  proposed: AuthSetting | null;
  confidence: Confidence | null;
  reasons: string[];
  /** Why the proposal is doubtful (low confidence), for the review to show apart from the reasons. */
  warning: string | null;
  changes: boolean;
  /** Every scheme the description offers, in words ("API key in header X-Api-Key", ...). */
  offered: string[];
  /** An OAuth2 client-credentials token URL on the profile's origin, as an endpoint path. */
  tokenPath: string | null;
}

/** An operation of the description the console does not use. */
export interface ExtraOperation {
  method: string;
  path: string;
  operationId: string | null;
  summary: string | null;
}

/** What `profiles.discover` returns. */
export interface DiscoveryResult {
  description: DescriptionRecord;
  operations: OperationProposal[];
  /** Console operations the description has nothing for. */
  unmatched: Operation[];
  auth: AuthFinding;
  extras: ExtraOperation[];
  /** The path prefix the description's server URL or basePath adds under the profile's base URL. */
  prefix: string;
  /** Things worth knowing that change nothing (a validation problem read past, a server elsewhere). */
  notes: string[];
  /** The whole profile as `profiles.save` would take it with every proposal applied (same id). */
  suggested: SuggestedProfile;
}

/** A `profiles.save` input for an existing profile. */
export interface SuggestedProfile {
  id: string;
  name: string;
  baseUrl: string;
  environment: 'test' | 'live';
  authScheme: AuthSetting['scheme'];
  authHeaders: AuthHeaders;
  keyName: string;
  endpoints: Partial<Record<Operation, Endpoint>>;
  timeouts: { connectMs: number; headersMs: number; bodyIdleMs: number; overallMs: number };
  caFile: string | null;
  proxy: { mode: 'none' } | { mode: 'system' } | { mode: 'url'; url: string };
}

/** One read operation of "Check the mapping". */
export interface MappingCheckItem {
  operation: Operation;
  method: string;
  path: string;
  /** `ok`: answered with every field the console needs; `skipped`: nothing to ask (no document). */
  outcome: 'ok' | 'failed' | 'skipped';
  /** The HTTP status, when there was an answer. */
  status: number | null;
  /** Whether the answer had the fields the console reads; null when there was no usable answer. */
  fieldsOk: boolean | null;
  message: string;
}

/** What `profiles.checkMapping` returns. */
export interface MappingCheck {
  externalReference: string;
  items: MappingCheckItem[];
}
