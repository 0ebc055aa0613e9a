import { z } from 'zod';
import {
  fieldInputSchema,
  fieldsInput,
  noteInputSchema,
  startProcessInputSchema,
  type CompleteStepResponse,
  type Note,
  type Process,
  type Step,
} from './api';
import {
  documentRefInput,
  documentSearchInput,
  documentTextInput,
  documentTreeInput,
} from './document-inputs';
import type { DocumentView, SearchPage, TextPage, TreePage } from './documents';
import type { ProfileHistory } from './history';
import type { Delivery, DeliveryPayloadView, DeliverySummary, InboxSettingsView } from './inbox';
import type { AuditPage, RequestLogEntry } from './logs';
import { profileInputSchema, proxyCredentialsSchema, type ProfileView, type ProxySignIn } from './profile';
import type { Result } from './result';
import type { SavedWalk, WalkStage } from './walk';
import { auditFilter } from './log-inputs';
import { presetCalls } from './calls-presets';
import { discoveryCalls } from './calls-discovery';
import { batchCalls, batchEvents } from './calls-batches';
import { formSubmissionInput, inboxConfigureInput, walkSaveInput } from './workbench-inputs';

import type { AppInfo, ConnectionTest, ProfileList, SandboxStatus } from './app-types';
import {
  call,
  confirmation,
  event,
  externalReference,
  intentId,
  noInput,
  profileId,
  read,
  requestId,
  serviceId,
  type CallSpec,
  type EventSpec,
  type ReadOptions,
} from './call-spec';

/**
 * The contract: every bridge call's name (`domain.verb`), the zod schema of its one input object
 * and the type of its result. Main registers handlers from it, the preload and the browser shell
 * build `window.api` from it, the renderer imports its types only.
 */

export type { AppInfo, ConnectionTest, ProfileList, SandboxStatus };

const processId = serviceId();
const stepId = serviceId();
const documentId = serviceId();

/**
 * Every call the renderer can make. A domain with many calls declares them in its own
 * `calls-<domain>.ts` with the blocks of call-spec.ts, spread here.
 */
export const calls = {
  'app.info': call<AppInfo>()(noInput),

  'profiles.list': call<ProfileList>()(noInput),
  'profiles.save': call<ProfileView>()(
    profileInputSchema.extend({
      /** The profile's name typed again: needed when a live profile's key binding changes. */
      confirmName: z.string().optional(),
    }),
  ),
  'profiles.delete': call<{ deleted: true }>()(z.object({ profileId }).strict()),
  'profiles.setCredentials': call<ProfileView>()(
    z
      .object({
        profileId,
        apiKey: z.string().trim().min(1, 'is required').max(512),
        apiSecret: z.string().trim().min(1, 'is required').max(512),
        /** Where to keep this key; absent: the session's choice (`profiles.keepForSession`). */
        sessionOnly: z.boolean().optional(),
      })
      .strict(),
  ),
  /** The session-only choice, held in main for this session: keys set from now on stay in memory. */
  'profiles.keepForSession': call<{ sessionOnly: boolean }>()(
    z.object({ sessionOnly: z.boolean() }).strict(),
  ),
  'profiles.clearCredentials': call<ProfileView>()(z.object({ profileId }).strict()),
  'profiles.test': read<ConnectionTest>()(z.object({ profileId }).strict()),
  /** The proxy the profile's requests go through now, and whether sign-in is stored for it. */
  'profiles.proxySignIn': read<ProxySignIn>()(z.object({ profileId }).strict()),
  /** Stores Basic credentials for the proxy the profile goes through now (that proxy only). */
  'profiles.setProxyCredentials': call<ProxySignIn>()(proxyCredentialsSchema.extend({ profileId }).strict()),
  'profiles.clearProxyCredentials': call<ProxySignIn>()(z.object({ profileId }).strict()),
  ...discoveryCalls,

  'processes.get': read<Process>()(z.object({ profileId, processId }).strict()),
  'processes.getByReference': read<Process>()(z.object({ profileId, externalReference }).strict()),
  'processes.start': call<Process>()(
    z
      .object({ profileId, intentId: intentId.optional(), confirmation })
      .extend(startProcessInputSchema.shape)
      .strict(),
  ),

  'steps.list': read<Step[]>()(
    z
      .object({ profileId, processId: processId.optional(), externalReference: externalReference.optional() })
      .strict()
      .refine((input) => (input.processId === undefined) !== (input.externalReference === undefined), {
        message: 'give either processId or externalReference',
      }),
  ),
  'steps.current': read<Step | null>()(z.object({ profileId, processId }).strict()),
  'steps.complete': call<CompleteStepResponse>()(
    z
      .object({
        profileId,
        processId,
        stepId,
        fields: fieldsInput(fieldInputSchema),
        intentId,
        confirmation,
      })
      .strict(),
  ),

  'notes.add': call<Note>()(
    z.object({ profileId, processId, intentId, confirmation }).extend(noteInputSchema.shape).strict(),
  ),

  'documents.get': read<DocumentView>()(
    z
      .object({
        profileId,
        documentId: documentId.optional(),
        href: z.string().max(2000).optional(),
      })
      .strict()
      .refine((input) => (input.documentId === undefined) !== (input.href === undefined), {
        message: 'give either documentId or href',
      }),
  ),
  'documents.tree': call<TreePage>()(documentTreeInput),
  'documents.text': call<TextPage>()(documentTextInput),
  'documents.search': call<SearchPage>()(documentSearchInput),
  /** The decoded original text, for Copy: fetched only when asked for. */
  'documents.source': call<{ text: string }>()(documentRefInput),
  'documents.close': call<{ closed: boolean }>()(documentRefInput),
  'documents.save': call<{ path: string; bytes: number }>()(
    z
      .object({
        profileId,
        documentId,
      })
      .strict(),
  ),

  'history.list': call<ProfileHistory>()(z.object({ profileId }).strict()),
  'history.pin': call<ProfileHistory>()(
    z
      .object({
        profileId,
        processId,
        pinned: z.boolean(),
        externalReference: z.string().optional(),
        processTypeName: z.string().optional(),
      })
      .strict(),
  ),

  'audit.list': call<AuditPage>()(
    auditFilter
      .extend({
        cursor: z
          .string()
          .regex(/^\d{1,15}$/, 'is not a cursor this console gave')
          .optional(),
        limit: z.number().int().min(1).max(10_000).default(200),
      })
      .strict()
      .default({ limit: 200 }),
  ),
  'audit.export': call<{ path: string; count: number }>()(
    auditFilter.extend({ format: z.enum(['csv', 'jsonl']) }).strict(),
  ),
  'audit.cancelExport': call<{ cancelled: boolean }>()(noInput),
  /** Stops a read given this `requestId` (call-spec.ts `read`); false when it had already ended. */
  'requests.cancel': call<{ cancelled: boolean }>()(z.object({ requestId }).strict()),
  'requests.list': call<RequestLogEntry[]>()(
    z
      .object({
        profileId: profileId.optional(),
        /** The id of the last entry of the previous page: this page starts after it. */
        before: z.string().min(1).max(100).optional(),
        /** Part of the method, path or status, any case. */
        text: z.string().trim().max(200).optional(),
        onlyFailures: z.boolean().optional(),
        /** A process id or external reference: that process's exchanges, by either name. */
        process: z.string().trim().max(200).optional(),
        /** The status class: 2xx, 3xx, 4xx, 5xx, or none for a request that got no answer. */
        status: z.enum(['2xx', '3xx', '4xx', '5xx', 'none']).optional(),
        limit: z.number().int().min(1).max(1000).default(200),
      })
      .strict()
      .default({ limit: 200 }),
  ),

  'sandbox.status': call<SandboxStatus>()(noInput),

  'inbox.settings': call<InboxSettingsView>()(z.object({ profileId }).strict()),
  'inbox.configure': call<InboxSettingsView>()(inboxConfigureInput),
  'inbox.list': call<DeliverySummary[]>()(
    z
      .object({
        profileId: profileId.optional(),
        status: z.enum(['new', 'in progress', 'handled', 'rejected']).optional(),
        limit: z.number().int().min(1).max(1000).default(200),
        /** A delivery id: the next page, of deliveries received before it (a batch takes more than 1,000). */
        before: z.string().min(1).max(100).optional(),
      })
      .strict()
      .default({ limit: 200 }),
  ),
  'inbox.get': call<Delivery>()(z.object({ deliveryId: z.string().min(1).max(100) }).strict()),
  'inbox.setStatus': call<DeliverySummary>()(
    z
      .object({ deliveryId: z.string().min(1).max(100), status: z.enum(['new', 'in progress', 'handled']) })
      .strict(),
  ),
  'inbox.parsePayload': call<DeliveryPayloadView>()(
    z.object({ json: z.string().min(1).max(1_048_576) }).strict(),
  ),
  'walk.get': call<SavedWalk>()(z.object({ deliveryId: z.string().min(1).max(100) }).strict()),
  'walk.save': call<WalkStage>()(walkSaveInput),
  'forms.submit': call<{ processId: string; externalReference: string }>()(formSubmissionInput),
  ...presetCalls,
  ...batchCalls,
} as const;

/** Every event main pushes to the renderer (`domain.name`); the renderer subscribes by name. */
export const events = {
  /** The desktop menu's File > Save document… */
  'menu.saveDocument': event<Record<string, never>>(),
  /** A delivery reached the inbox, or one changed status. */
  'inbox.delivery': event<DeliverySummary>(),
  /** The embedded reference service started, failed, stopped, or is waiting for the keychain. */
  'sandbox.changed': event<SandboxStatus>(),
  /** An audit export wrote another batch (`written` of `total` records). */
  'audit.exportProgress': event<{ written: number; total: number }>(),
  ...batchEvents,
} as const;

/** The name of an event main pushes, e.g. `menu.saveDocument`. */
export type EventName = keyof typeof events;
/** What event `E` carries. */
export type EventPayload<E extends EventName> = (typeof events)[E] extends EventSpec<infer P> ? P : never;
/** The list of event names, for the shells. */
export const eventNames = Object.keys(events) as EventName[];

/** The name of a bridge call, e.g. `app.info`. */
export type CallName = keyof typeof calls;
/** What a caller passes to call `N`; a cancellable read may also carry its `requestId`. */
export type CallInput<N extends CallName> =
  (typeof calls)[N] extends CallSpec<infer I, unknown, true>
    ? z.input<I> & ReadOptions
    : z.input<(typeof calls)[N]['input']>;
/** The calls the renderer may cancel while they run (declared with `read`). */
export type CancellableCall = {
  [N in CallName]: (typeof calls)[N] extends CallSpec<z.ZodType, unknown, true> ? N : never;
}[CallName];

/** True when `name` is a read that accepts a `requestId` and can be cancelled. */
export function isCancellable(name: string): name is CancellableCall {
  return Object.hasOwn(calls, name) && calls[name as CallName].cancellable;
}
/** What the handler of `N` receives once the input is validated. */
export type ValidInput<N extends CallName> = z.output<(typeof calls)[N]['input']>;
/** What call `N` returns on success. */
export type CallOutput<N extends CallName> =
  (typeof calls)[N] extends CallSpec<z.ZodType, infer O> ? O : never;

/** The list of call names, for the shells that register or build them. */
export const callNames = Object.keys(calls) as CallName[];

type Domain<N> = N extends `${infer D}.${string}` ? D : never;
type Verb<N, D extends string> = N extends `${D}.${infer V}` ? V : never;

type CallApi = {
  [D in Domain<CallName>]: {
    [V in Verb<CallName, D>]: `${D}.${V}` extends infer N extends CallName
      ? undefined extends CallInput<N>
        ? (input?: CallInput<N>) => Promise<Result<CallOutput<N>>>
        : (input: CallInput<N>) => Promise<Result<CallOutput<N>>>
      : never;
  };
};

type EventApi = {
  [D in Domain<EventName>]: {
    [V in Verb<EventName, D> as `on${Capitalize<V>}`]: `${D}.${V}` extends infer E extends EventName
      ? (listener: (payload: EventPayload<E>) => void) => () => void
      : never;
  };
};

/**
 * `window.api`: one named function per call, grouped by domain (`api.app.info()`), and one
 * subscription per event (`api.menu.onSaveDocument(listener)`, returning its unsubscribe).
 */
export type Api = CallApi & EventApi;
