/**
 * The integration workbench's inbox: deliveries a REST API step posted to the console's local
 * receiver, the receiver's settings per profile, and the walk progress kept per delivery. Types
 * only, so the renderer can import them; `src-main/core/inbox` owns the listener and the database.
 */

/** Where a delivery stands: `rejected` ones were refused (bad body, header, type) and stay so. */
export type DeliveryStatus = 'new' | 'in progress' | 'handled' | 'rejected';

/** The statuses a person (or the walk) may set; `rejected` is only ever set by the receiver. */
export type SettableDeliveryStatus = Exclude<DeliveryStatus, 'rejected'>;

/** The HTTP statuses the receiver can be told to answer with, to rehearse the service's side. */
export type InboxReplyStatus = 200 | 201 | 202 | 204 | 400 | 500 | 503;

/** A document of a payload, whichever of the two `Links` shapes it came in. */
export interface PayloadDocument {
  name: string;
  contentType: string;
  /** e.g. `/open-api/documents/<documentId>`; '' when the payload gave no link for it. */
  href: string;
  /** The last path segment of `href`; null when there is no link. */
  documentId: string | null;
}

/** A field of a payload (`{Label, Code, ValueAsString}`). */
export interface PayloadField {
  label: string;
  code: string;
  value: string;
}

/** An outbound payload (API.md "The outbound REST API step") in camelCase, links normalised. */
export interface DeliveryPayloadView {
  processId: string;
  externalReference: string;
  subscriptionId: string | null;
  geoTag: string | null;
  documents: PayloadDocument[];
  fields: PayloadField[];
}

/** Where a secret went: the OS keychain, or this console's memory until it quits (no keychain). */
export type SecretKeptIn = 'keychain' | 'session';

/** One delivery as a list shows it. */
export interface DeliverySummary {
  id: string;
  /** ISO 8601 with milliseconds and `Z`. */
  receivedAt: string;
  profileId: string;
  status: DeliveryStatus;
  /** Why it was rejected; null otherwise. */
  reason: string | null;
  processId: string | null;
  externalReference: string | null;
  documentCount: number;
  fieldCount: number;
  /** The HTTP status the receiver answered (or was about to answer) with. */
  replyStatus: number;
  /**
   * Milliseconds after arriving at which the sender closed the request before the reply was
   * written (it timed out, e.g. during a configured delay), so the reply never reached it; null
   * when the reply was sent.
   */
  senderGaveUpAfterMs: number | null;
}

/** One delivery in full. */
export interface Delivery extends DeliverySummary {
  method: string;
  path: string;
  /** Request headers, lower-case names, secret values replaced by `[redacted]`. */
  headers: Record<string, string>;
  /** The JSON body as received; null when there was none or it was not JSON. */
  payload: unknown;
  /** The start of a rejected body (up to 4 KiB), so the reason can be seen; null otherwise. */
  rawExcerpt: string | null;
  /** The payload read as API.md describes it; null when it is not a valid payload. */
  view: DeliveryPayloadView | null;
  /** The JSON body the receiver answered with; null for a 204. */
  replyBody: unknown;
}

/** What a delivery list may be narrowed to. */
export interface DeliveryFilter {
  profileId?: string;
  status?: DeliveryStatus;
  /** Default 200, at most 1000. */
  limit?: number;
  /** A delivery id: only deliveries received before it (the next page). */
  before?: string;
}

/** The answer a profile's receiver gives to a valid delivery. */
export interface InboxReply {
  status: InboxReplyStatus;
  /** Wait this long before answering, e.g. past the service's time limit (0 to 60 000). */
  delayMs: number;
  /** A JSON object the step's response mapping can read, e.g. `{"BackOfficeReference": "BO-1042"}`. */
  body: Record<string, unknown>;
}

/** How much a profile's receiver accepts and keeps, so a flood cannot fill the disk. */
export interface InboxLimits {
  /** Deliveries kept per profile (default 10,000); the oldest handled, then rejected, go first. */
  maxDeliveries: number;
  /** Bytes kept per profile (default 200 MiB), counted as stored. */
  maxBytes: number;
  /** Requests let in per second (default 50); more are answered 429 and not recorded. */
  perSecond: number;
}

/** A profile's receiver settings as stored (the shared header's secret is in the keychain). */
export interface InboxSettings {
  enabled: boolean;
  reply: InboxReply;
  /** A header every delivery must carry, with the secret value kept in the keychain. */
  sharedHeader: { name: string } | null;
  limits: InboxLimits;
  /** Set when the receiver is first turned on; only then is a shared header generated. */
  everEnabled: boolean;
}

/** A profile's receiver settings as the renderer sees them: never the secret itself. */
export interface InboxSettingsView extends InboxSettings {
  /** True when the shared header's secret is in the keychain. */
  hasSecret: boolean;
  /** Where the service should post, e.g. `http://127.0.0.1:5123/inbox/<profileId>`; null when not listening. */
  deliveryUrl: string | null;
  /**
   * The shared header's secret generated when the receiver was turned on for the first time, in
   * the answer to that call only, so it can be shown once and copied; null in every other answer.
   */
  generatedSecret: string | null;
  /** Where {@link generatedSecret} is kept (`session`: memory until the console quits, no keychain). */
  generatedSecretKeptIn: SecretKeptIn | null;
  /** Requests refused since the console started and not recorded: over the rate, or inbox full. */
  refused: { rateLimited: number; full: number };
  /** A sentence when deliveries were refused because the inbox is full; null otherwise. */
  problem: string | null;
}

/** A change to a profile's settings; omitted parts stay as they are. */
export interface InboxSettingsPatch {
  enabled?: boolean;
  reply?: Partial<InboxReply>;
  limits?: Partial<InboxLimits>;
}
