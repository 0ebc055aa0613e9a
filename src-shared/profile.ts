import { z } from 'zod';
import type { DescriptionRecord } from './discovery';
import { wholeNumber } from './number-inputs';

/**
 * A profile: one tenant (or the local reference service) the console talks to, with how to
 * authenticate and where each operation lives. Its secret is never here: it is in the keychain.
 */

/** The operations of API.md, each with a method and a path template in the endpoint map. */
export const operations = [
  'startProcess',
  'getProcess',
  'getProcessByReference',
  'getStepsByReference',
  'getSteps',
  'getCurrentStep',
  'addNote',
  'completeStep',
  'getDocument',
  'token',
] as const;
export type Operation = (typeof operations)[number];

/** Which placeholders each operation's path must keep, so an override cannot drop an id. */
export const operationPlaceholders: Record<Operation, readonly string[]> = {
  startProcess: [],
  getProcess: ['processId'],
  getProcessByReference: ['externalReference'],
  getStepsByReference: ['externalReference'],
  getSteps: ['processId'],
  getCurrentStep: ['processId'],
  addNote: ['processId'],
  completeStep: ['processId', 'stepId'],
  getDocument: ['documentId'],
  token: [],
};

const httpMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH']);
/** One endpoint: method and path template with `{placeholders}`. */
export const endpointSchema = z.object({ method: httpMethod, path: z.string().startsWith('/') });
export type Endpoint = z.output<typeof endpointSchema>;

/** The defaults: API.md's paths, which the reference service serves. */
export const defaultEndpoints: Record<Operation, Endpoint> = {
  startProcess: { method: 'POST', path: '/open-api/processes' },
  getProcess: { method: 'GET', path: '/open-api/processes/{processId}' },
  getProcessByReference: {
    method: 'GET',
    path: '/open-api/processes/external-reference/{externalReference}',
  },
  getStepsByReference: {
    method: 'GET',
    path: '/open-api/processes/external-reference/{externalReference}/steps',
  },
  getSteps: { method: 'GET', path: '/open-api/processes/{processId}/steps' },
  getCurrentStep: { method: 'GET', path: '/open-api/processes/{processId}/current-step' },
  addNote: { method: 'POST', path: '/open-api/processes/{processId}/notes' },
  completeStep: { method: 'POST', path: '/open-api/processes/{processId}/steps/{stepId}/complete' },
  getDocument: { method: 'GET', path: '/open-api/documents/{documentId}' },
  token: { method: 'POST', path: '/open-api/token' },
};

/** Overrides of the default endpoints; each must keep its operation's placeholders. */
export const endpointOverridesSchema = z
  .partialRecord(z.enum(operations), endpointSchema)
  .superRefine((overrides, context) => {
    for (const [operation, endpoint] of Object.entries(overrides) as [Operation, Endpoint][]) {
      const found = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const needed of operationPlaceholders[operation]) {
        if (!found.includes(needed)) {
          context.addIssue({
            code: 'custom',
            path: [operation, 'path'],
            message: `must keep the {${needed}} placeholder`,
          });
        }
      }
      for (const extra of found) {
        if (!operationPlaceholders[operation].includes(extra!)) {
          context.addIssue({
            code: 'custom',
            path: [operation, 'path'],
            message: `has an unknown placeholder {${extra}}`,
          });
        }
      }
    }
  });

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** An http(s) base URL; plain http only for loopback addresses (credentials travel on it). */
export const baseUrlSchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'is not a URL; write it like https://tenant.example.com' });
      return;
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
      context.addIssue({
        code: 'custom',
        message: 'must use https (plain http only for 127.0.0.1 or localhost)',
      });
    }
    if (url.username || url.password)
      context.addIssue({ code: 'custom', message: 'must not carry a user name or password' });
    if (url.search || url.hash)
      context.addIssue({ code: 'custom', message: 'must not have a query or fragment' });
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** Per-profile timeouts in milliseconds. */
export const timeoutsSchema = z.object({
  connectMs: wholeNumber(500, 60_000, 'milliseconds').default(5_000),
  headersMs: wholeNumber(1_000, 300_000, 'milliseconds').default(15_000),
  bodyIdleMs: wholeNumber(1_000, 300_000, 'milliseconds').default(30_000),
  overallMs: wholeNumber(1_000, 600_000, 'milliseconds').default(60_000),
});
export type Timeouts = z.output<typeof timeoutsSchema>;

/** How requests reach the service. */
export const proxySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('system') }),
  z.object({
    mode: z.literal('url'),
    url: z
      .url({ protocol: /^https?$/ })
      // A password in a proxy URL would be stored in profiles.json and shown to the renderer.
      // zod runs this even when the value is no URL (the check above reports that): never throw,
      // or an empty "Proxy URL" field blanks the form that validates on every keystroke.
      .refine((value) => {
        try {
          const url = new URL(value);
          return !url.username && !url.password;
        } catch {
          return true;
        }
      }, 'must not carry a user name or password'),
  }),
]);

/**
 * The user name and password a proxy asks for with Basic sign-in (RFC 7617): kept in the
 * keychain for that proxy's origin, never in a profile. A colon cannot be in a Basic user name.
 */
export const proxyCredentialsSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(256, 'must be at most 256 characters')
    .refine((name) => !name.includes(':'), 'cannot contain a colon (Basic sign-in splits on it)'),
  // Not trimmed: a space may be part of a password.
  password: z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters'),
});
export type ProxyCredentialsInput = z.output<typeof proxyCredentialsSchema>;

/**
 * What the renderer learns of a profile's proxy sign-in: which proxy its requests go through now,
 * and whether a user name and password are stored for that proxy. Never the credentials.
 */
export interface ProxySignIn {
  /** The proxy's origin (`http://proxy.example:8080`), or null when requests go straight out. */
  proxy: string | null;
  /** Named by the profile, or by the system's settings (PAC, WPAD, HTTPS_PROXY). */
  from: 'profile' | 'system' | null;
  stored: boolean;
  /** Why the system's route is unknown or unusable (a SOCKS proxy), or null. */
  problem: string | null;
}

/** The headers scheme's header names until a profile names its own (API.md, auth scheme 1). */
export const defaultAuthHeaders = { key: 'x-api-key', secret: 'x-api-secret' } as const;

/**
 * Whether the profile sends its key under header names nothing confirmed for its tenant: the
 * console's defaults, or names set without reading the tenant's API description. A 401 is then
 * as likely to be the names as the key.
 */
export function headerNamesUnconfirmed(
  profile: { authScheme: string; authHeaders: { key: string; secret: string | null } },
  descriptionRead: boolean,
): boolean {
  if (profile.authScheme !== 'headers') return false;
  return !descriptionRead || sendsDefaultHeaderNames(profile.authHeaders);
}

/** Whether these are the console's default key header names (names are case-insensitive). */
export function sendsDefaultHeaderNames(headers: { key: string; secret: string | null }): boolean {
  return (
    headers.key.toLowerCase() === defaultAuthHeaders.key &&
    headers.secret?.toLowerCase() === defaultAuthHeaders.secret
  );
}

// Headers the client sets itself: a key sent under one of these names would be overwritten or
// would break the request, so the scheme may not use them.
const clientHeaderNames = new Set([
  'accept',
  'accept-encoding',
  'authorization',
  'connection',
  'content-length',
  'content-type',
  'cookie',
  'expect',
  'host',
  'idempotency-key',
  'keep-alive',
  'proxy-authorization',
  'te',
  'transfer-encoding',
  'upgrade',
  'user-agent',
]);

/** An HTTP field name (RFC 9110 token) that the client does not set itself. */
const authHeaderName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(
    /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
    "must be an HTTP header name: letters, digits and !#$%&'*+-.^_`|~ only, no spaces or colons",
  )
  .refine(
    (name) => !clientHeaderNames.has(name.toLowerCase()),
    'is a header the console sets itself; choose the name the tenant gives for its API key',
  );

/**
 * The headers scheme's header names: the key's, and the secret's, or null when the tenant takes
 * the API key alone in one header (then only the key is sent). Names compare case-insensitively.
 */
export const authHeadersSchema = z
  .object({ key: authHeaderName, secret: authHeaderName.nullable() })
  .superRefine((names, context) => {
    if (names.secret !== null && names.key.toLowerCase() === names.secret.toLowerCase()) {
      context.addIssue({
        code: 'custom',
        path: ['secret'],
        message: 'must differ from the key header name (names are case-insensitive)',
      });
    }
  });
export type AuthHeaders = z.output<typeof authHeadersSchema>;

/** What the user edits; `id` absent means a new profile. */
export const profileInputSchema = z.object({
  id: z.string().uuid().optional(),
  name: z.string().trim().min(1, 'Name is required').max(80),
  baseUrl: baseUrlSchema,
  environment: z.enum(['test', 'live']),
  authScheme: z.enum(['headers', 'basic', 'bearer']).default('headers'),
  // Profiles saved before header names were configurable load with the names they were sent with.
  authHeaders: authHeadersSchema.default({ ...defaultAuthHeaders }),
  keyName: z.string().trim().min(1, 'The API key name is required (it is the author of changes)').max(120),
  endpoints: endpointOverridesSchema.default({}),
  timeouts: timeoutsSchema.default({
    connectMs: 5_000,
    headersMs: 15_000,
    bodyIdleMs: 30_000,
    overallMs: 60_000,
  }),
  caFile: z.string().trim().min(1).nullable().default(null),
  // A new profile follows the system's proxy (PAC, WPAD, the OS bypass list), as a browser does.
  proxy: proxySchema.default({ mode: 'system' }),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/** A stored profile. */
export const profileSchema = profileInputSchema.extend({
  // Stored before the proxy setting existed: those went direct, and keep doing so.
  proxy: proxySchema.default({ mode: 'none' }),
  id: z.string().uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.output<typeof profileSchema>;

/** What the renderer sees of a profile: never the key or secret, only whether they are stored. */
export interface ProfileView extends Profile {
  hasCredentials: boolean;
  /** Last 4 characters of the API key, e.g. "7f3a"; null without credentials. */
  keyHint: string | null;
  /** Where credentials live: the OS keychain, or memory until quit (session-only mode). */
  credentialStore: 'keychain' | 'session' | null;
  /**
   * No key found, and one stored by an earlier version of the console (before the keychain
   * binding changed) cannot be read on this system: the key must be set again.
   */
  setAgain?: true;
  /** The API description last read for it (`profiles.discover`), if any. */
  lastDescription: DescriptionRecord | null;
}
