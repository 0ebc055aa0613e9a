import { join } from 'node:path';
import type { SandboxStatus } from '../../src-shared/contract';
import type { Profile } from '../../src-shared/profile';
import { readJsonFile, writeJsonFileAtomic } from './json-file';
import type { ProfileStore } from './profiles/profile-store';
import type { CredentialVault } from './secrets/credentials';
import { z } from 'zod';

/** The reference service as the console embeds it (src-sandbox's startSandbox). */
export interface EmbeddableSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
  createApiKey(name: string): { keyId: string; name: string; apiKey: string; apiSecret: string };
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
  /** With no profiles (first start), or when the embedded profile exists, starts the service. */
  start(options?: { outboundUrl?: string }): Promise<void>;
  stop(): Promise<void>;
}

/** The key name the console's own key gets on the reference service. */
export const embeddedKeyName = 'Process Console (local)';
/** The profile name of the embedded default. */
export const embeddedProfileName = 'Local sandbox';

const stateSchema = z.object({ profileId: z.string(), port: z.number().int().min(0).max(65535) });

/**
 * Runs the embedded default. Its profile id and last port are kept in `<data>/sandbox/embedded.json`
 * so a later start finds the profile even if renamed, and reuses the port when it is free.
 */
export function createEmbeddedDefault(deps: {
  dataDir: string;
  profiles: ProfileStore;
  vault: CredentialVault;
  startSandbox: SandboxStarter;
}): EmbeddedDefault {
  const sandboxDir = join(deps.dataDir, 'sandbox');
  const statePath = join(sandboxDir, 'embedded.json');
  let running: EmbeddableSandbox | null = null;
  let status: SandboxStatus = { state: 'off', url: null, profileId: null, message: null };

  function readState() {
    return readJsonFile(statePath, 1, stateSchema).value;
  }

  /** The last port when it is free (the profile's base URL stays put), else any free port. */
  async function listen(
    port: number | undefined,
    outboundUrl: string | undefined,
  ): Promise<EmbeddableSandbox> {
    if (port) {
      try {
        return await deps.startSandbox({ dataDir: sandboxDir, port, outboundUrl, quiet: true });
      } catch {
        // Taken by something else since last time: fall through to a free port.
      }
    }
    return deps.startSandbox({ dataDir: sandboxDir, port: 0, outboundUrl, quiet: true });
  }

  async function ensureCredentials(sandbox: EmbeddableSandbox, profile: Profile): Promise<void> {
    const current = await deps.vault.status(profile.id).catch(() => null);
    if (current?.hasCredentials) return;
    const key = sandbox.createApiKey(embeddedKeyName);
    const credentials = { apiKey: key.apiKey, apiSecret: key.apiSecret };
    try {
      await deps.vault.set(profile.id, credentials);
    } catch {
      // No keychain here: a local sandbox key can be made again at every start, so keep it in memory.
      deps.vault.enableSessionOnly();
      await deps.vault.set(profile.id, credentials, { sessionOnly: true });
    }
  }

  return {
    status: () => status,
    async start(options = {}) {
      const saved = readState();
      const existing = saved
        ? deps.profiles.list().find((profile) => profile.id === saved.profileId)
        : undefined;
      if (!existing && deps.profiles.list().length > 0) return;
      status = { state: 'starting', url: null, profileId: existing?.id ?? null, message: null };
      try {
        const sandbox = await listen(saved?.port, options.outboundUrl);
        running = sandbox;
        const profile = deps.profiles.save({
          ...(existing ?? {}),
          ...(existing ? { id: existing.id } : {}),
          name: existing?.name ?? embeddedProfileName,
          baseUrl: sandbox.url,
          environment: existing?.environment ?? 'test',
          authScheme: existing?.authScheme ?? 'headers',
          keyName: embeddedKeyName,
        });
        await ensureCredentials(sandbox, profile);
        writeJsonFileAtomic(statePath, 1, { profileId: profile.id, port: sandbox.port });
        status = { state: 'running', url: sandbox.url, profileId: profile.id, message: null };
      } catch (error) {
        status = {
          state: 'failed',
          url: null,
          profileId: existing?.id ?? null,
          message: `The local reference service could not start: ${(error as Error).message}`,
        };
      }
    },
    async stop() {
      const sandbox = running;
      running = null;
      if (sandbox) await sandbox.close();
      status = { ...status, state: 'off', url: null };
    },
  };
}
