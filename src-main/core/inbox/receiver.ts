import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  Delivery,
  DeliveryFilter,
  DeliveryPayloadView,
  DeliverySummary,
  InboxSettingsPatch,
  InboxSettingsView,
  SettableDeliveryStatus,
} from '../../../src-shared/inbox';
import type { SavedWalk, WalkStage } from '../../../src-shared/walk';
import { Failure } from '../failure';
import type { SecretStore } from '../secrets/secret-store';
import { createDeliveryHandler } from './delivery-handler';
import { createDeliveryStore } from './delivery-store';
import { errorBody, sendJson } from './http-reply';
import { checkProfileId, createInboxSettings, type GeneratedSecret } from './inbox-settings';
import { parseDeliveryPayload } from './payload';
import { createRateLimiter } from './rate-limit';
import { ownHosts } from './request-guard';

/** How {@link createInbox} is set up. */
export interface InboxOptions {
  dataDir: string;
  secrets: SecretStore;
  now?: () => Date;
  /** Problems of the receiver itself (a record that failed); never a header value or a payload. */
  log?: (line: string) => void;
}

/** Where and how to listen. */
export interface InboxListenOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Required to bind anything but loopback: the inbox has no authentication of its own. */
  allowNonLoopback?: boolean;
}

/** The receiver, its settings, its deliveries and the walk progress: all the workbench needs. */
export interface Inbox {
  start(options?: InboxListenOptions): Promise<{ url: string; port: number }>;
  /** Stops listening (replies held by a delay are cut off); the records stay readable. */
  stop(): Promise<void>;
  /** Stops and closes the database; the inbox cannot be used afterwards. */
  close(): Promise<void>;
  /** e.g. `http://127.0.0.1:5123/inbox/<profileId>`; null while not listening. */
  deliveryUrl(profileId: string): string | null;
  settings(profileId: string): Promise<InboxSettingsView>;
  configure(profileId: string, patch: InboxSettingsPatch): Promise<InboxSettingsView>;
  setSharedHeader(
    profileId: string,
    name: string,
    secret: string,
    sessionIfNoKeychain?: boolean,
  ): Promise<InboxSettingsView>;
  clearSharedHeader(profileId: string): Promise<InboxSettingsView>;
  /** Whether a shared header secret is kept for the profile (keychain, or memory this session). */
  hasSharedSecret(profileId: string): Promise<boolean>;
  /** Deletes a profile's deliveries, walk progress, settings and shared header secret. */
  forget(profileId: string): Promise<void>;
  list(filter?: DeliveryFilter): DeliverySummary[];
  get(id: string): Delivery;
  setStatus(id: string, status: SettableDeliveryStatus): DeliverySummary;
  saveProgress(id: string, progress: WalkStage): WalkStage;
  getProgress(id: string): SavedWalk;
  /** Reads a pasted payload like a delivered one ("Open from payload"). */
  parsePayload(json: unknown): DeliveryPayloadView;
  /** Called after each delivery is recorded and after each status change; returns the unsubscribe. */
  subscribe(listener: (delivery: DeliverySummary) => void): () => void;
  /** Sentences when settings.json or inbox.db was unreadable and moved aside at start; null otherwise. */
  readonly problem: string | null;
}

const loopbackHost = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/i;

/** Opens the inbox's records and settings under `<dataDir>/inbox/`; it listens only once started. */
export function createInbox(options: InboxOptions): Inbox {
  const log = options.log ?? (() => undefined);
  const settingsStore = createInboxSettings(options.dataDir, options.secrets);
  const store = createDeliveryStore(options.dataDir, options.now);
  const listeners = new Set<(delivery: DeliverySummary) => void>();
  const waits = new Set<() => void>();
  let server: Server | null = null;
  let base: string | null = null;
  let hosts: ReadonlySet<string> = new Set();
  let closed = false;
  const rate = createRateLimiter();
  // Since this start only: counters, not records, so a flood leaves nothing on disk.
  const refusals = new Map<string, { rateLimited: number; full: number }>();
  const refusalsOf = (profileId: string) => refusals.get(profileId) ?? { rateLimited: 0, full: 0 };

  const announce = (summary: DeliverySummary) => {
    for (const listener of listeners) {
      try {
        listener(summary);
      } catch (error) {
        log(`An inbox listener failed: ${(error as Error).message}`);
      }
    }
  };

  const wait = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const stop = () => {
        clearTimeout(timer);
        waits.delete(stop);
        resolve(false);
      };
      const timer = setTimeout(() => {
        waits.delete(stop);
        resolve(true);
      }, ms);
      waits.add(stop);
    });

  const handle = createDeliveryHandler({
    settings: settingsStore,
    store,
    announce,
    wait,
    log,
    hosts: () => hosts,
    rate,
    refused(profileId, why) {
      const counts = { ...refusalsOf(profileId) };
      counts[why] += 1;
      refusals.set(profileId, counts);
    },
  });

  function onRequest(request: IncomingMessage, response: ServerResponse): void {
    handle(request, response).catch((error: unknown) => {
      log(`The inbox failed on a request: ${(error as Error).message}`);
      sendJson(response, 500, errorBody('internal', 'The inbox failed; see the console log.'));
    });
  }

  async function view(
    profileId: string,
    settings = settingsStore.get(profileId),
    generated: GeneratedSecret | null = null,
  ): Promise<InboxSettingsView> {
    const hasSecret = settings.sharedHeader !== null && (await settingsStore.secretFor(profileId)) !== null;
    const refused = refusalsOf(profileId);
    const problem =
      refused.full === 0
        ? null
        : `The inbox is full (at most ${settings.limits.maxDeliveries} deliveries or ${settings.limits.maxBytes} bytes ` +
          `kept) with deliveries not yet handled: ${refused.full} were refused with 507 and not recorded. ` +
          'Mark deliveries handled or raise the cap.';
    return {
      ...settings,
      hasSecret,
      deliveryUrl: deliveryUrl(profileId),
      generatedSecret: generated?.value ?? null,
      generatedSecretKeptIn: generated?.keptIn ?? null,
      refused,
      problem,
    };
  }

  function deliveryUrl(profileId: string): string | null {
    checkProfileId(profileId);
    return base === null ? null : `${base}/inbox/${encodeURIComponent(profileId)}`;
  }

  async function stop(): Promise<void> {
    const running = server;
    if (!running) return;
    server = null;
    base = null;
    for (const cut of [...waits]) cut();
    await new Promise<void>((resolve) => {
      running.close(() => resolve());
      running.closeAllConnections();
    });
  }

  return {
    problem: [settingsStore.problem, store.problem].filter(Boolean).join(' ') || null,
    async start(listen = {}) {
      if (server) throw new Failure('conflict', 'The inbox is already listening.');
      const host = listen.host ?? '127.0.0.1';
      if (!loopbackHost.test(host) && listen.allowNonLoopback !== true) {
        throw new Failure(
          'invalid_input',
          `The inbox listens on this machine only (127.0.0.1); ${host} would let other machines post to it.`,
        );
      }
      const created = createServer(onRequest);
      await new Promise<void>((resolve, reject) => {
        created.once('error', (error: NodeJS.ErrnoException) =>
          reject(
            new Failure(
              'invalid_input',
              `The inbox cannot listen on ${host}:${listen.port ?? 0} (${error.code ?? error.message}).`,
            ),
          ),
        );
        created.listen(listen.port ?? 0, host, () => resolve());
      });
      const port = (created.address() as AddressInfo).port;
      server = created;
      base = `http://${urlHost(host)}:${port}`;
      hosts = ownHosts(host, port);
      return { url: base, port };
    },
    stop,
    async close() {
      await stop();
      if (closed) return;
      closed = true;
      store.close();
    },
    deliveryUrl,
    settings: (profileId) => view(profileId),
    async configure(profileId, patch) {
      const { settings, generatedSecret } = await settingsStore.configure(profileId, patch);
      return view(profileId, settings, generatedSecret);
    },
    setSharedHeader: async (profileId, name, secret, sessionIfNoKeychain) =>
      view(profileId, await settingsStore.setSharedHeader(profileId, name, secret, sessionIfNoKeychain)),
    clearSharedHeader: async (profileId) => view(profileId, await settingsStore.clearSharedHeader(profileId)),
    hasSharedSecret: async (profileId) => (await settingsStore.secretFor(profileId)) !== null,
    async forget(profileId) {
      // Settings first: from then on the receiver answers 404 and records nothing more for it. The
      // deliveries go even when the keychain cannot delete the secret right now.
      try {
        await settingsStore.forget(profileId);
      } finally {
        store.forgetProfile(profileId);
        rate.forget(profileId);
        refusals.delete(profileId);
      }
    },
    list: (filter) => store.list(filter),
    get: (id) => store.get(id),
    setStatus(id, status) {
      const summary = store.setStatus(id, status);
      announce(summary);
      return summary;
    },
    saveProgress: (id, progress) => store.saveProgress(id, progress),
    getProgress: (id) => store.getProgress(id),
    parsePayload: parseDeliveryPayload,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
