import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SandboxStatus } from '../../../../src-shared/contract';
import { createEmbeddedDefault, type EmbeddableSandbox } from '../../../../src-main/core/embedded-default';
import type { Inbox } from '../../../../src-main/core/inbox/receiver';
import { waitingForPermissionMessage } from '../../../../src-main/core/keychain-probe';
import { createProfileStore } from '../../../../src-main/core/profiles/profile-store';
import { createCredentialVault } from '../../../../src-main/core/secrets/credentials';
import type { SecretStore } from '../../../../src-main/core/secrets/secret-store';

/** A keychain whose writes wait until `answer()`, as a system prompt left open does. */
function promptingKeychain() {
  const entries = new Map<string, string>();
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const store: SecretStore = {
    get: async (account) => entries.get(account) ?? null,
    set: async (account, value) => {
      await answered;
      entries.set(account, value);
    },
    delete: async (account) => entries.delete(account),
  };
  return { store, answer };
}

function fakeInbox(): Inbox {
  let url: string | null = null;
  return {
    start: async () => {
      url = 'http://127.0.0.1:1/inbox';
      return { url, port: 1 };
    },
    configure: async () => ({}),
    setSharedHeader: async () => ({}),
    hasSharedSecret: async () => true,
    deliveryUrl: (profileId: string) => (url ? `${url}/${profileId}` : null),
  } as unknown as Inbox;
}

const sandbox: EmbeddableSandbox = {
  url: 'http://127.0.0.1:4321',
  port: 4321,
  close: async () => undefined,
  createApiKey: (name) => ({ keyId: 'k1', name, apiKey: 'key', apiSecret: 'secret' }),
  firstRunPasswords: {},
};

describe('embedded default status', () => {
  it('tells every change, with the keychain sentence while a prompt holds the start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-embedded-'));
    const keychain = promptingKeychain();
    let prompting = false;
    const seen: SandboxStatus[] = [];
    const embedded = createEmbeddedDefault({
      dataDir,
      profiles: createProfileStore(dataDir),
      vault: createCredentialVault({ store: keychain.store }),
      inbox: fakeInbox(),
      startSandbox: async () => sandbox,
      onChange: (status) => seen.push(status),
      keychainWaiting: () => prompting,
      keychainCheckMs: 5,
    });

    const started = embedded.start();
    expect(embedded.status().state).toBe('starting');
    expect(seen.map((status) => status.state)).toEqual(['starting']);
    prompting = true;
    await vi.waitFor(() => expect(embedded.status().message).toBe(waitingForPermissionMessage));
    expect(seen.at(-1)).toMatchObject({ state: 'starting', message: waitingForPermissionMessage });

    prompting = false;
    keychain.answer();
    await started;
    expect(seen.at(-1)).toMatchObject({ state: 'running', url: sandbox.url, message: null });
    expect(embedded.status()).toEqual(seen.at(-1));

    await embedded.stop();
    expect(seen.at(-1)).toMatchObject({ state: 'off', url: null });
  });

  it('tells a failed start with its sentence', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-embedded-'));
    const seen: SandboxStatus[] = [];
    const embedded = createEmbeddedDefault({
      dataDir,
      profiles: createProfileStore(dataDir),
      vault: createCredentialVault({ store: promptingKeychain().store }),
      inbox: fakeInbox(),
      startSandbox: () => Promise.reject(new Error('no port')),
      onChange: (status) => seen.push(status),
    });
    await embedded.start();
    expect(seen.map((status) => status.state)).toEqual(['starting', 'failed']);
    expect(seen.at(-1)?.message).toContain('no port');
  });
});
