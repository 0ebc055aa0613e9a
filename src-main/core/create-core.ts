import packageJson from '../../package.json';
import type { AppInfo } from '../../src-shared/contract';
import { createAuditLog, type AuditLog } from './audit/audit-log';
import { openBatches } from './batches/batch-opener';
import type { BatchService } from './batches/batch-service';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock';
import { createApiClient, environmentNetwork, type ApiClient } from './client/api-client';
import type { NetworkPorts } from './client/dispatcher';
import type { ProxyResolver } from './client/proxy-routes';
import { createInterruptedChanges, type InterruptedChanges } from './client/interrupted-changes';
import { resolveDataDir, type ConsoleConfig } from './config';
import {
  createDocumentDecoder,
  type DocumentDecoder,
  type DocumentDecoderOptions,
} from './documents/document-decoder';
import { createEmbeddedDefault, type EmbeddedDefault, type SandboxStarter } from './embedded-default';
import { createEventHub, type EventHub } from './event-hub';
import { createInbox, type Inbox } from './inbox/receiver';
import { createHistoryStore, type HistoryStore } from './history/history-store';
import { createPresetStore, type PresetStore } from './presets/preset-store';
import { createKeychainProbe, type KeychainState } from './keychain-probe';
import { createProfileStore, type ProfileStore } from './profiles/profile-store';
import { createProxyCredentialStore, type ProxyCredentialStore } from './proxy-credentials';
import { createRequestLog, type RequestLog } from './request-log';
import { defaultSavePath } from './save-path';
import { createCredentialVault, type CredentialVault } from './secrets/credentials';
import { earlierProfiles } from './secrets/earlier-keys';
import { createKeyringSecretStore } from './secrets/keyring-secret-store';
import { watchForPermissionPrompts } from './secrets/permission-watch';
import type { SecretStore } from './secrets/secret-store';

/** Asks the user where to save a file (the desktop shell's dialog); null when they cancel. */
export type SavePathChooser = (suggestedName: string) => Promise<string | null>;

/** Everything the handlers reach: the main-process services, built once at start-up. */
export interface Core {
  config: ConsoleConfig;
  shell: AppInfo['shell'];
  version: string;
  profiles: ProfileStore;
  vault: CredentialVault;
  keychain: () => Promise<KeychainState>;
  audit: AuditLog;
  requests: RequestLog;
  history: HistoryStore;
  /** Field presets per step and the process types met, per profile. */
  presets: PresetStore;
  client: ApiClient;
  /** The system's proxy for a URL and the proxies' credentials, as the client uses them. */
  network: NetworkPorts;
  /** Basic credentials per proxy origin, in the keychain. */
  proxyCredentials: ProxyCredentialStore;
  /** Settles the changes an earlier run of the console stopped during (at start, and on opening their process). */
  interrupted: InterruptedChanges;
  documents: DocumentDecoder;
  embedded: EmbeddedDefault;
  chooseSavePath: SavePathChooser;
  events: EventHub;
  inbox: Inbox;
  /**
   * The batch service; throws a Failure naming its database and what to do while that cannot be
   * opened, so a damaged batches.db costs the Batches screen, not the whole console.
   */
  batches(): BatchService;
  /** Stops the embedded service, closes connections and workers. */
  close(): Promise<void>;
}

/** Start-up settings shared by both shells. */
export interface CoreOptions {
  shell: Core['shell'];
  /** `--data`, if given; PROCESS_CONSOLE_DATA and the OS default apply otherwise. */
  dataDir?: string;
  /**
   * The data folder the shell already resolved with `resolveDataDir` (it needs it before core:
   * Chromium's folder, the launcher page); used as it is, so the folder is checked once.
   */
  resolvedDataDir?: string;
  /** The desktop shell's save dialog; the browser shell saves into the Downloads folder. */
  chooseSavePath?: SavePathChooser;
  /** Unit tests pass the in-memory store; the console always uses the OS keychain. */
  secretStore?: SecretStore;
  /** Where the document worker is: the shell knows its built file; tests pass the source. */
  documentWorker: Pick<DocumentDecoderOptions, 'workerUrl' | 'workerExecArgv'>;
  /** Starts the reference service for the embedded default (the shells pass src-sandbox's). */
  startSandbox?: SandboxStarter;
  /**
   * Where "the system's proxy" comes from: the desktop shell asks the OS (Electron's
   * `session.resolveProxy`); absent, HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read.
   */
  systemProxy?: { resolve: ProxyResolver; source: string };
}

/** Builds the main-process services once; throws a Failure with a readable sentence on bad config. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const dataDir = options.resolvedDataDir ?? resolveDataDir(options.dataDir);
  // Before anything in the folder is opened: a second console on it is refused, not let in.
  const folderLock = lockDataFolder(dataDir);
  try {
    return await openCore(options, dataDir, folderLock);
  } catch (error) {
    folderLock.release();
    throw error;
  }
}

async function openCore(options: CoreOptions, dataDir: string, folderLock: DataFolderLock): Promise<Core> {
  // Every keychain call goes through the watch, so a system prompt left open reads as "waiting".
  const keychainStore = options.secretStore ?? createKeyringSecretStore();
  const secretStore = watchForPermissionPrompts(keychainStore);
  const requests = createRequestLog(1000);
  const profiles = createProfileStore(dataDir);
  const earlier = earlierProfiles(dataDir, () => profiles.list().map((profile) => profile.id));
  const readsEarlierKeys = !('readsEarlierKeys' in keychainStore) || keychainStore.readsEarlierKeys;
  const vault = createCredentialVault({
    store: secretStore,
    earlierKeyLost: (profileId) => !readsEarlierKeys && earlier(profileId),
  });
  const audit = createAuditLog(dataDir);
  // Checks the index against the file now, so a rebuild runs before anyone opens the Audit screen.
  audit.warmUp();
  const proxyCredentials = createProxyCredentialStore(secretStore);
  const network: NetworkPorts = {
    ...environmentNetwork(),
    ...(options.systemProxy
      ? { resolveProxy: options.systemProxy.resolve, proxySource: options.systemProxy.source }
      : {}),
    proxyAuthorization: (origin) => proxyCredentials.authorization(origin),
  };
  const client = createApiClient({ profiles, credentials: vault, recorder: requests, audit, network });
  const interrupted = createInterruptedChanges({
    audit,
    client,
    now: () => new Date(),
    log: (line) => console.error(`[audit] ${line}`),
  });
  const documents = createDocumentDecoder(options.documentWorker);
  const events = createEventHub();
  const inbox = createInbox({
    dataDir,
    secrets: secretStore,
    log: (line) => console.error(`[inbox] ${line}`),
  });
  inbox.subscribe((delivery) => events.emit('inbox.delivery', delivery));
  const batches = openBatches(
    {
      dataDir,
      client,
      profiles,
      credentials: vault,
      audit,
      deliveries: inbox,
      emit: (progress) => events.emit('batch.progress', progress),
    },
    (line) => console.error(`[batches] ${line}`),
  );
  const noSandbox: SandboxStarter = () =>
    Promise.reject(new Error('this console was built without the reference service'));
  const embedded = createEmbeddedDefault({
    dataDir,
    profiles,
    vault,
    inbox,
    startSandbox: options.startSandbox ?? noSandbox,
    onChange: (status) => events.emit('sandbox.changed', status),
    keychainWaiting: () => secretStore.waitingForPermission(),
  });
  // In the background: a profile whose key is not available now is settled when its process is opened.
  void interrupted.settleAtStart(profiles.list().map((profile) => profile.id));
  return {
    config: { dataDir },
    shell: options.shell,
    version: packageJson.version,
    profiles,
    vault,
    keychain: createKeychainProbe(secretStore),
    audit,
    requests,
    history: createHistoryStore(dataDir),
    presets: createPresetStore(dataDir),
    client,
    network,
    proxyCredentials,
    interrupted,
    documents,
    embedded,
    chooseSavePath: options.chooseSavePath ?? (async (name) => defaultSavePath(dataDir, name)),
    events,
    inbox,
    batches: () => batches.service(),
    async close() {
      try {
        // Rows in flight settle before the connections close.
        await batches.close();
        await interrupted.idle();
        await embedded.stop();
        await Promise.allSettled([inbox.close(), client.close(), documents.close()]);
        audit.close();
      } finally {
        // Whatever failed above, the folder is free for the next console.
        folderLock.release();
      }
    },
  };
}
