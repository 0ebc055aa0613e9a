import type { AuditIntent, AuditOutcome, RequestLogEntry } from '../../src-shared/logs';
import type { Profile } from '../../src-shared/profile';

/**
 * The seams between core services, so each can be built and tested on its own: the API client
 * needs credentials, somewhere to record requests and somewhere to write audit lines.
 */

/** An API key's two codes; they live in the keychain and main-process memory only. */
export interface Credentials {
  apiKey: string;
  apiSecret: string;
}

/** Gives the credentials of a profile; throws a Failure (`keychain_unavailable`, or `unauthorized` when none are stored). */
export interface CredentialSource {
  get(profileId: string): Promise<Credentials>;
}

/** Receives every HTTP exchange with a service (already redacted). */
export interface RequestRecorder {
  record(entry: RequestLogEntry): void;
}

/** The audit log as the client writes it: intent before sending, outcome after; both durable. */
export interface AuditWriter {
  intent(entry: AuditIntent): Promise<void>;
  outcome(entry: AuditOutcome): Promise<void>;
}

/** Gives a stored profile by id; throws Failure('not_found') for an unknown one. */
export interface ProfileSource {
  get(profileId: string): Profile;
  /** Whether the tenant's API description was read for this profile (`profiles.discover`). */
  description?(profileId: string): object | null;
}
