import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../support/document-worker';
import type { ProfileList } from '../../src-shared/contract';
import type { ProfileView } from '../../src-shared/profile';
import type { Result } from '../../src-shared/result';
import { createCore, type Core } from '../../src-main/core/create-core';
import { dispatch } from '../../src-main/handlers';

/**
 * "Keep this key for the session only" is a choice about one profile's key. Against the real
 * keychain: profile B's key is in the keychain from an earlier run; profile A's key is then set
 * session-only. B's key must stay readable now and after a restart; A's must be gone after it.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'pc-session-only-'));
const open: Core[] = [];

beforeAll(() => {
  if (process.env.PROCESS_CONSOLE_KEYRING_SESSION !== '1') {
    throw new Error('These tests need a real keychain: run them through scripts/with-keyring.sh.');
  }
});

afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function start(): Promise<Core> {
  const core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
  open.push(core);
  return core;
}

async function views(core: Core): Promise<Record<string, ProfileView>> {
  const { profiles } = value<ProfileList>(await dispatch(core, 'profiles.list', {}));
  return Object.fromEntries(profiles.map((profile) => [profile.name, profile]));
}

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`the call failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

describe('a session-only key', () => {
  it('is one profile’s choice: another profile’s keychain key stays, across a restart', async () => {
    const profile = (name: string) => ({
      name,
      baseUrl: 'http://127.0.0.1:9',
      environment: 'test' as const,
      keyName: 'Key',
    });
    const first = await start();
    const a = value<ProfileView>(await dispatch(first, 'profiles.save', profile('Session A')));
    const b = value<ProfileView>(await dispatch(first, 'profiles.save', profile('Keychain B')));
    value(
      await dispatch(first, 'profiles.setCredentials', {
        profileId: b.id,
        apiKey: 'keychain-key-bbbb',
        apiSecret: 'keychain-secret-b',
      }),
    );
    await first.close();
    open.pop();

    const second = await start();
    const setA = value(
      await dispatch(second, 'profiles.setCredentials', {
        profileId: a.id,
        apiKey: 'session-key-aaaa',
        apiSecret: 'session-secret-a',
        sessionOnly: true,
      }),
    );
    expect(setA).toMatchObject({ credentialStore: 'session', keyHint: 'aaaa' });
    expect((await views(second))['Keychain B']).toMatchObject({
      hasCredentials: true,
      credentialStore: 'keychain',
      keyHint: 'bbbb',
    });
    // A key set afterwards for B still goes to the keychain.
    value(
      await dispatch(second, 'profiles.setCredentials', {
        profileId: b.id,
        apiKey: 'keychain-key-cccc',
        apiSecret: 'keychain-secret-c',
      }),
    );
    await second.close();
    open.pop();

    const third = await start();
    const after = await views(third);
    expect(after['Keychain B']).toMatchObject({
      hasCredentials: true,
      credentialStore: 'keychain',
      keyHint: 'cccc',
    });
    expect(after['Session A']).toMatchObject({ hasCredentials: false, credentialStore: null });
    await third.vault.clear(b.id);
  });
});
