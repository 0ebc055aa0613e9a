import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { InboxLimits, InboxSettings, InboxSettingsPatch, SecretKeptIn } from '../../../src-shared/inbox';
import { inboxLimitsSchema } from '../../../src-shared/workbench-inputs';
import { Failure } from '../failure';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';
import type { SecretStore } from '../secrets/secret-store';
import { headerSecretStore } from './header-secrets';
import { issueReason } from './issue-reason';

/**
 * `<data>/inbox/settings.json`: per profile, whether its receiver answers, how, and the name of the
 * shared header a delivery must carry. The header's value is a secret: it lives only in the
 * SecretStore under `inbox:<profileId>`, and nothing here returns it except `secretFor`.
 */

/** The format version of settings.json. */
export const inboxSettingsVersion = 1;

/** The statuses a reply may be configured with. */
export const replyStatuses = [200, 201, 202, 204, 400, 500, 503] as const;

/** The caps a profile gets until changed: room for a long rehearsal, not for a flood. */
export const defaultInboxLimits: InboxLimits = {
  maxDeliveries: 10_000,
  maxBytes: 200 * 1024 * 1024,
  perSecond: 50,
};

/** A profile that was never configured: its receiver is off (the lead turns it on for the embedded default). */
export const defaultInboxSettings: InboxSettings = {
  enabled: false,
  reply: { status: 200, delayMs: 0, body: {} },
  sharedHeader: null,
  limits: defaultInboxLimits,
  everEnabled: false,
};

/** The header a receiver turned on for the first time requires, with a generated value. */
export const generatedHeaderName = 'X-Inbox-Secret';

/** Profile ids travel in the delivery path; keep them to URL-safe characters. */
export const profileIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const headerToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
// Headers the transport itself owns: a shared header by these names could never be checked.
const reservedHeaders = new Set([
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'expect',
  'te',
  'trailer',
  'upgrade',
  'keep-alive',
]);
const maxReplyBodyChars = 64 * 1024;

const replyBodySchema = z
  .record(z.string(), z.json())
  .refine((body) => JSON.stringify(body).length <= maxReplyBodyChars, 'must be at most 64 KiB of JSON');
const replySchema = z.strictObject({
  status: z.literal(replyStatuses, { error: `must be one of ${replyStatuses.join(', ')}` }),
  delayMs: z.number().int().min(0).max(60_000),
  body: replyBodySchema,
});
const headerNameSchema = z
  .string()
  .regex(headerToken, 'must be a header name of 1 to 64 letters, digits or -')
  .refine((name) => !reservedHeaders.has(name.toLowerCase()), 'is a header the transport sets itself');
const settingsSchema = z.strictObject({
  enabled: z.boolean(),
  reply: replySchema,
  sharedHeader: z.strictObject({ name: headerNameSchema }).nullable(),
  limits: inboxLimitsSchema,
  everEnabled: z.boolean(),
});
// Files written before the caps existed: default caps, and a receiver that was on counts as turned
// on before, so it is not handed a header its service never sends.
const storedSettingsSchema = settingsSchema
  .extend({ limits: inboxLimitsSchema.default(defaultInboxLimits), everEnabled: z.boolean().optional() })
  .transform((stored): InboxSettings => ({ ...stored, everEnabled: stored.everEnabled ?? stored.enabled }));
const patchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  reply: replySchema.partial().optional(),
  limits: inboxLimitsSchema.partial().optional(),
});
const fileSchema = z.object({ profiles: z.record(z.string().regex(profileIdPattern), storedSettingsSchema) });

/** Per-profile receiver settings; every change is written to disk before it returns. */
export interface InboxSettingsStore {
  /** The stored settings; null for a profile never configured (its receiver is off). */
  find(profileId: string): InboxSettings | null;
  /** The stored settings, or the defaults. */
  get(profileId: string): InboxSettings;
  /** `generatedSecret` is set only when this call turned the receiver on for the first time. */
  configure(
    profileId: string,
    patch: InboxSettingsPatch,
  ): Promise<{ settings: InboxSettings; generatedSecret: GeneratedSecret | null }>;
  /** `sessionIfNoKeychain`: without a keychain, keep the secret in memory instead of failing. */
  setSharedHeader(
    profileId: string,
    name: string,
    secret: string,
    sessionIfNoKeychain?: boolean,
  ): Promise<InboxSettings>;
  clearSharedHeader(profileId: string): Promise<InboxSettings>;
  /** The shared header's secret, for the receiver's comparison only; null when none is stored. */
  secretFor(profileId: string): Promise<string | null>;
  /** Removes a profile's settings and its secret (the profile was deleted). */
  forget(profileId: string): Promise<void>;
  /** A sentence when settings.json was unreadable and moved aside at start; null otherwise. */
  readonly problem: string | null;
}

/** The keychain account of a profile's shared header secret. */
export function sharedHeaderAccount(profileId: string): string {
  return `inbox:${profileId}`;
}

/** Throws `invalid_input` unless `profileId` can be used in a delivery path. */
export function checkProfileId(profileId: string): void {
  if (!profileIdPattern.test(profileId)) {
    throw new Failure(
      'invalid_input',
      'A profile id is 1 to 100 letters, digits, dots, dashes or underscores.',
    );
  }
}

/** Opens `<dataDir>/inbox/settings.json`, moving an unreadable file aside (see readJsonFile). */
export function createInboxSettings(dataDir: string, keychain: SecretStore): InboxSettingsStore {
  const secrets = headerSecretStore(keychain);
  const path = join(dataDir, 'inbox', 'settings.json');
  const loaded = readJsonFile(path, inboxSettingsVersion, fileSchema);
  // A Map, not an object: a profile id can never reach Object.prototype.
  const profiles = new Map<string, InboxSettings>(Object.entries(loaded.value?.profiles ?? {}));

  function save(profileId: string, candidate: unknown): InboxSettings {
    checkProfileId(profileId);
    const parsed = settingsSchema.safeParse(candidate);
    if (!parsed.success) {
      throw new Failure(
        'invalid_input',
        `The inbox settings are not valid: ${issueReason(parsed.error.issues, candidate)}.`,
      );
    }
    const next = new Map(profiles).set(profileId, parsed.data);
    writeJsonFileAtomic(path, inboxSettingsVersion, { profiles: Object.fromEntries(next) });
    profiles.set(profileId, parsed.data);
    return structuredClone(parsed.data);
  }

  const get = (profileId: string): InboxSettings =>
    structuredClone(profiles.get(profileId) ?? defaultInboxSettings);

  return {
    problem: loaded.problem,
    find: (profileId) => (profiles.has(profileId) ? get(profileId) : null),
    get,
    async configure(profileId, patch) {
      checkProfileId(profileId);
      const parsed = patchSchema.safeParse(patch);
      if (!parsed.success) {
        throw new Failure(
          'invalid_input',
          `The inbox settings are not valid: ${issueReason(parsed.error.issues, patch)}.`,
        );
      }
      const current = get(profileId);
      const next: InboxSettings = {
        ...current,
        ...parsed.data,
        reply: { ...current.reply, ...parsed.data.reply },
        limits: { ...current.limits, ...parsed.data.limits },
      };
      let generatedSecret: GeneratedSecret | null = null;
      if (next.enabled && !current.everEnabled) {
        next.everEnabled = true;
        // A new receiver is not open to anything on this machine that finds its port.
        if (next.sharedHeader === null) {
          const value = randomBytes(32).toString('base64url');
          const keptIn = await secrets.setOrKeepForSession(sharedHeaderAccount(profileId), value);
          generatedSecret = { value, keptIn };
          next.sharedHeader = { name: generatedHeaderName };
        }
      }
      return { settings: save(profileId, next), generatedSecret };
    },
    async setSharedHeader(profileId, name, secret, sessionIfNoKeychain = false) {
      checkProfileId(profileId);
      const candidate = { ...get(profileId), sharedHeader: { name } };
      const parsed = settingsSchema.safeParse(candidate);
      if (!parsed.success) {
        throw new Failure(
          'invalid_input',
          `The shared header is not valid: ${issueReason(parsed.error.issues, candidate)}.`,
        );
      }
      checkSecret(secret);
      // Keychain first: settings that name a header whose secret was never stored would refuse everything.
      if (sessionIfNoKeychain) await secrets.setOrKeepForSession(sharedHeaderAccount(profileId), secret);
      else await secrets.set(sharedHeaderAccount(profileId), secret);
      return save(profileId, parsed.data);
    },
    async clearSharedHeader(profileId) {
      const settings = save(profileId, { ...get(profileId), sharedHeader: null });
      await secrets.delete(sharedHeaderAccount(profileId));
      return settings;
    },
    secretFor: (profileId) => secrets.get(sharedHeaderAccount(profileId)),
    async forget(profileId) {
      if (profiles.has(profileId)) {
        const next = new Map(profiles);
        next.delete(profileId);
        writeJsonFileAtomic(path, inboxSettingsVersion, { profiles: Object.fromEntries(next) });
        profiles.delete(profileId);
      }
      await secrets.delete(sharedHeaderAccount(profileId));
    },
  };
}

function checkSecret(secret: unknown): void {
  // Visible ASCII with inner spaces: anything else cannot travel in a header value unchanged.
  if (
    typeof secret !== 'string' ||
    secret.length > 1024 ||
    !/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(secret)
  ) {
    throw new Failure(
      'invalid_input',
      'The shared header value must be 1 to 1024 printable ASCII characters, without leading or trailing spaces.',
    );
  }
}

/** A shared header secret made when a receiver is first turned on, and where it is kept. */
export interface GeneratedSecret {
  value: string;
  keptIn: SecretKeptIn;
}
