import { createServer } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import type { SandboxStatus } from '../../src-shared/contract';
import type { Profile } from '../../src-shared/profile';
import type { Inbox } from './inbox/receiver';
import { waitingForPermissionMessage } from './keychain-probe';
import { readJsonFile, writeJsonFileAtomic } from './json-file';
import type { ProfileStore } from './profiles/profile-store';
import type { CredentialVault } from './secrets/credentials';

/** The reference service as the console embeds it (src-sandbox's startSandbox). */
export interface EmbeddableSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
  createApiKey(name: string): { keyId: string; name: string; apiKey: string; apiSecret: string };
  /** Present only when this start created the service's data folder (its old keys are gone). */
  firstRunPasswords?: Record<string, string>;
}

/** Starts the reference service; injected so core stays testable and the bundle decides. */
export type SandboxStarter = (options: {
  dataDir: string;
  port?: number;
  outboundUrl?: string;
  quiet?: boolean;
}) => Promise<EmbeddableSandbox>;

/** The console's embedded default: the reference service with demo data and a profile for it. */
export interface EmbeddedDefault {
  status(): SandboxStatus;
  /**
   * With no profiles (first start), or when the embedded profile exists: starts the console's
   * receiver, then the reference service posting its REST API steps to it.
   */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The key name the console's own key gets on the reference service. */
export const embeddedKeyName = 'Process Console (local)';
/** The profile name of the embedded default. */
export const embeddedProfileName = 'Local sandbox';

/**
 * The header the demo seed's REST API step sends (src-sandbox/seed/demo-seed.ts; core may not import
 * the service). The embedded receiver requires it instead of a generated one, which that step
 * could not know.
 */
export const embeddedStepHeader = {
  name: 'X-Back-Office-Key',
  value: 'demo-back-office-key-not-a-real-secret',
};

const stateSchema = z.object({ profileId: z.string(), port: z.number().int().min(0).max(65535) });

/** A port free right now on loopback, so the profile's base URL is known before the service starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs the embedded default. Its profile id and port are kept in `<data>/sandbox/embedded.json`
 * so a later start finds the profile even if renamed, and keeps its base URL when the port is free.
 */
export function createEmbeddedDefault(deps: {
  dataDir: string;
  profiles: ProfileStore;
  vault: CredentialVault;
  inbox: Inbox;
  startSandbox: SandboxStarter;
  /** Told every change of {@link EmbeddedDefault.status} (core forwards it as `sandbox.changed`). */
  onChange?: (status: SandboxStatus) => void;
  /** True while a keychain call waits on a system prompt (the watched secret store's answer). */
  keychainWaiting?: () => boolean;
  /** How often, while starting, the keychain is looked at for a prompt left open. */
  keychainCheckMs?: number;
}): EmbeddedDefault {
  const sandboxDir = join(deps.dataDir, 'sandbox');
  const statePath = join(sandboxDir, 'embedded.json');
  let running: EmbeddableSandbox | null = null;
  let status: SandboxStatus = { state: 'off', url: null, profileId: null, message: null };

  function setStatus(next: SandboxStatus): void {
    status = next;
    deps.onChange?.(next);
  }

  /**
   * While starting, the window is already open (start-up no longer waits for the keychain), so a
   * keychain prompt left open must be said there: the status carries the probe's sentence.
   */
  function watchKeychain(): () => void {
    const check = () => {
      if (status.state !== 'starting') return;
      const message = deps.keychainWaiting?.() ? waitingForPermissionMessage : null;
      if (message !== status.message) setStatus({ ...status, message });
    };
    const timer = setInterval(check, deps.keychainCheckMs ?? 1_000);
    timer.unref();
    return () => clearInterval(timer);
  }

  function profileFor(port: number, existing: Profile | undefined): Profile {
    const baseUrl = `http://127.0.0.1:${port}`;
    if (existing && existing.baseUrl === baseUrl) return existing;
    return deps.profiles.save({
      ...(existing ?? {
        name: embeddedProfileName,
        environment: 'test',
        authScheme: 'headers',
        keyName: embeddedKeyName,
        // The service runs on this computer: no proxy, whatever the system's settings say.
        proxy: { mode: 'none' },
      }),
      baseUrl,
    });
  }

  async function listen(port: number, outboundUrl: string | undefined): Promise<EmbeddableSandbox> {
    try {
      return await deps.startSandbox({ dataDir: sandboxDir, port, outboundUrl, quiet: true });
    } catch {
      // Taken by something else since last time: any free port will do.
      return deps.startSandbox({ dataDir: sandboxDir, port: 0, outboundUrl, quiet: true });
    }
  }

  async function ensureCredentials(sandbox: EmbeddableSandbox, profile: Profile): Promise<void> {
    // A new service data folder has none of the old keys: the stored one would only get 401s.
    const fresh = sandbox.firstRunPasswords !== undefined;
    const current = fresh ? null : await deps.vault.status(profile.id).catch(() => null);
    if (current?.hasCredentials) return;
    const key = sandbox.createApiKey(embeddedKeyName);
    const credentials = { apiKey: key.apiKey, apiSecret: key.apiSecret };
    try {
      await deps.vault.set(profile.id, credentials);
    } catch {
      // No keychain now: a local sandbox key can be made again at every start, so keep this one
      // in memory for this profile only; other profiles keep using the keychain when it returns.
      await deps.vault.set(profile.id, credentials, { sessionOnly: true });
    }
  }

  return {
    status: () => status,
    async start() {
      const saved = readJsonFile(statePath, 1, stateSchema).value;
      const existing = saved
        ? deps.profiles.list().find((profile) => profile.id === saved.profileId)
        : undefined;
      if (!existing && deps.profiles.list().length > 0) return;
      setStatus({ state: 'starting', url: null, profileId: existing?.id ?? null, message: null });
      const stopWatching = watchKeychain();
      try {
        let profile = profileFor(saved?.port || (await freePort()), existing);
        writeJsonFileAtomic(statePath, 1, {
          profileId: profile.id,
          port: Number(new URL(profile.baseUrl).port),
        });
        // The receiver first, so the service's REST API steps have somewhere to post.
        if (!deps.inbox.deliveryUrl(profile.id)) await deps.inbox.start({ port: 0 });
        const receiver = await deps.inbox.configure(profile.id, { enabled: true });
        // The demo step sends this header; set it the first time, or again after a session
        // without a keychain kept it only in memory.
        if (receiver.generatedSecret !== null || !(await deps.inbox.hasSharedSecret(profile.id))) {
          // A local demo's header: kept in memory for this session when there is no keychain.
          await deps.inbox.setSharedHeader(
            profile.id,
            embeddedStepHeader.name,
            embeddedStepHeader.value,
            true,
          );
        }
        const sandbox = await listen(
          Number(new URL(profile.baseUrl).port),
          deps.inbox.deliveryUrl(profile.id) ?? undefined,
        );
        running = sandbox;
        profile = profileFor(sandbox.port, profile);
        writeJsonFileAtomic(statePath, 1, { profileId: profile.id, port: sandbox.port });
        await ensureCredentials(sandbox, profile);
        stopWatching();
        setStatus({ state: 'running', url: sandbox.url, profileId: profile.id, message: null });
      } catch (error) {
        stopWatching();
        setStatus({
          state: 'failed',
          url: null,
          profileId: existing?.id ?? null,
          message: `The local reference service could not start: ${(error as Error).message}`,
        });
      }
    },
    async stop() {
      const sandbox = running;
      running = null;
      if (sandbox) await sandbox.close();
      if (status.state !== 'off') setStatus({ ...status, state: 'off', url: null, message: null });
    },
  };
}
