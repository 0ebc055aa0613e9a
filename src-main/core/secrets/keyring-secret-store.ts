import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Failure } from '../failure';
import { keychainUnavailable, type SecretStore } from './secret-store';

/**
 * The OS keychain through `@napi-rs/keyring` (macOS Keychain, Windows Credential Manager, the
 * Secret Service on Linux): an N-API binding whose binaries come from the npm registry, so a
 * fresh checkout installs without a compiler or libsecret headers, and one binary serves Node and
 * Electron. Every failure, including a missing native module, becomes a `keychain_unavailable`
 * Failure so the console can offer session-only credentials instead. A call that does not answer
 * is not a failure: it is usually a system prompt the user has not answered yet, so it is awaited
 * (see permission-watch.ts, which tells the user meanwhile).
 */

/** One keychain entry, as the binding's `AsyncEntry` offers it. */
export interface KeyringEntry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deletePassword(): Promise<boolean>;
}

/** The part of `@napi-rs/keyring` the store uses. */
export interface KeyringModule {
  entry(service: string, account: string): KeyringEntry;
}

/**
 * Where the earlier builds (keytar) kept an entry, read so a key stored before the switch is not
 * lost. `null` when no keytar entry can be read on this platform (see
 * {@link legacyKeytarReader}): the profile then says the key must be set again.
 */
export interface LegacyReader {
  get(service: string, account: string): Promise<string | null>;
  delete(service: string, account: string): Promise<void>;
}

/** Options for {@link createKeyringSecretStore}; tests replace the loader and the legacy reader. */
export interface KeyringSecretStoreOptions {
  service?: string;
  loadKeyring?: () => KeyringModule;
  legacy?: LegacyReader | null;
}

/** A SecretStore that also says whether an earlier build's entries can be found here. */
export interface KeyringSecretStore extends SecretStore {
  /** False where a key stored by an earlier build (keytar) cannot be read: it must be set again. */
  readsEarlierKeys: boolean;
}

/** Keychain service name under which every profile's entry is stored. */
export const keychainService = 'process-console';

const requireNative = createRequire(import.meta.url);

interface NapiKeyring {
  AsyncEntry: new (service: string, account: string) => KeyringEntry;
}

function loadNapiKeyring(): KeyringModule {
  const binding = requireNative('@napi-rs/keyring') as NapiKeyring;
  return { entry: (service, account) => new binding.AsyncEntry(service, account) };
}

/** A SecretStore on the OS keychain, loaded on first use so a broken native module is not a crash at start. */
export function createKeyringSecretStore(options: KeyringSecretStoreOptions = {}): KeyringSecretStore {
  const service = options.service ?? keychainService;
  const load = options.loadKeyring ?? loadNapiKeyring;
  const legacy = options.legacy === undefined ? legacyKeytarReader() : options.legacy;
  let keyring: KeyringModule | null = null;
  // An earlier build's entry is looked for once per account and process: the probe asks often.
  const legacyLooked = new Set<string>();

  async function run<T>(action: (module: KeyringModule) => Promise<T>, secret: string | null): Promise<T> {
    try {
      keyring ??= load();
    } catch (error) {
      throw keychainUnavailable(`the keychain module could not be loaded: ${shortReason(error, secret)}`);
    }
    try {
      return await action(keyring);
    } catch (error) {
      if (error instanceof Failure) throw error;
      throw keychainUnavailable(shortReason(error, secret));
    }
  }

  /** The earlier build's entry, copied to the new one so it is read from there next time. */
  async function fromEarlierBuild(module: KeyringModule, account: string): Promise<string | null> {
    if (!legacy || legacyLooked.has(account)) return null;
    legacyLooked.add(account);
    const value = await legacy.get(service, account).catch(() => null);
    if (value === null) return null;
    await module.entry(service, account).setPassword(value);
    return value;
  }

  return {
    readsEarlierKeys: legacy !== null,
    get: (account) =>
      run(
        async (module) =>
          (await module.entry(service, account).getPassword()) ?? (await fromEarlierBuild(module, account)),
        null,
      ),
    set: (account, value) => run((module) => module.entry(service, account).setPassword(value), value),
    delete: (account) =>
      run(async (module) => {
        legacyLooked.add(account);
        // The earlier build's copy goes too, or it would come back as this profile's key.
        await legacy?.delete(service, account).catch(() => undefined);
        return module.entry(service, account).deletePassword();
      }, null),
  };
}

/**
 * keytar's entries, where this platform lets the new binding or a system tool read them:
 * - macOS: keytar and the new binding write the same generic password (service, account), so the
 *   new entry is the old one and nothing more is needed.
 * - Windows: keytar's credential is named `service/account` and holds UTF-8 bytes; the binding
 *   reads it by that target name.
 * - Linux: keytar's Secret Service item has the attributes `service` and `account`, which the
 *   binding does not search by; libsecret's `secret-tool` reads it where it is installed.
 */
export function legacyKeytarReader(platform: NodeJS.Platform = process.platform): LegacyReader | null {
  if (platform === 'darwin') return { get: async () => null, delete: async () => undefined };
  if (platform === 'win32') return windowsKeytarReader();
  if (platform === 'linux') return hasSecretTool() ? secretToolReader() : null;
  return null;
}

function windowsKeytarReader(): LegacyReader {
  interface WindowsEntry {
    getSecret(): Promise<number[] | null>;
    deleteCredential(): Promise<boolean>;
  }
  interface WindowsBinding {
    AsyncEntry: { withTarget(target: string, service: string, account: string): WindowsEntry };
  }
  const entry = (service: string, account: string) =>
    (requireNative('@napi-rs/keyring') as WindowsBinding).AsyncEntry.withTarget(
      `${service}/${account}`,
      service,
      account,
    );
  return {
    async get(service, account) {
      const bytes = await entry(service, account).getSecret();
      return bytes === null ? null : Buffer.from(bytes).toString('utf8');
    },
    async delete(service, account) {
      await entry(service, account).deleteCredential();
    },
  };
}

function hasSecretTool(): boolean {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  return dirs.some((dir) => {
    try {
      accessSync(join(dir, 'secret-tool'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** `secret-tool lookup service S account A`: the value on stdout, exit 1 when there is none. */
export function secretToolReader(command = 'secret-tool'): LegacyReader {
  const run = (args: string[]) =>
    new Promise<string | null>((resolve, reject) => {
      execFile(command, args, { timeout: 60_000, maxBuffer: 1 << 20 }, (error, stdout) => {
        if (!error) resolve(stdout);
        else if (typeof error.code === 'number' && error.code === 1) resolve(null);
        else reject(new Error('secret-tool did not answer'));
      });
    });
  return {
    get: (service, account) => run(['lookup', 'service', service, 'account', account]),
    async delete(service, account) {
      await run(['clear', 'service', service, 'account', account]);
    },
  };
}

/**
 * The first line of a native error, short, with the value being stored cut out: keychain messages
 * do not echo secrets today, but this message reaches the user and the log, so make sure.
 */
export function shortReason(error: unknown, secret: string | null): string {
  const raw = error instanceof Error ? error.message : String(error);
  let reason = raw.split('\n')[0]!.trim();
  for (const part of secretParts(secret)) reason = reason.split(part).join('[redacted]');
  reason = reason.replace(/[.\s]+$/, '');
  if (reason.length > 160) reason = `${reason.slice(0, 157)}...`;
  return reason || 'no reason given';
}

function secretParts(secret: string | null): string[] {
  if (!secret) return [];
  const parts = [secret];
  try {
    const parsed: unknown = JSON.parse(secret);
    if (parsed && typeof parsed === 'object') {
      for (const value of Object.values(parsed)) if (typeof value === 'string' && value) parts.push(value);
    }
  } catch {
    // Not JSON: the whole value is the only secret.
  }
  return parts.sort((a, b) => b.length - a.length);
}
