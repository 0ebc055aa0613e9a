import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileList } from '../../src-shared/contract';
import type { Result } from '../../src-shared/result';
import { createCore, type Core } from '../../src-main/core/create-core';
import { createProfileStore } from '../../src-main/core/profiles/profile-store';
import {
  createKeyringSecretStore,
  keychainService,
  legacyKeytarReader,
} from '../../src-main/core/secrets/keyring-secret-store';
import { dispatch } from '../../src-main/handlers';
import { sourceDocumentWorker } from '../support/document-worker';

/**
 * Keys stored by builds before the keychain binding changed (keytar): on Linux keytar kept them as
 * Secret Service items with the attributes `service` and `account`, which the new binding does not
 * search by. Against the real gnome-keyring, such an item (written as keytar wrote it) is found and
 * moved to the new entry where `secret-tool` can read it, and otherwise the profile says to set the
 * key again.
 */

const open: Core[] = [];

beforeAll(() => {
  if (process.env.PROCESS_CONSOLE_KEYRING_SESSION !== '1') {
    throw new Error('These tests need a real keychain: run them through scripts/with-keyring.sh.');
  }
});

afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

/** Stores `value` where keytar 7 put a profile's key on Linux. */
function storeAsKeytar(account: string, value: string): void {
  execFileSync(
    'secret-tool',
    ['store', '--label', `${keychainService}/${account}`, 'service', keychainService, 'account', account],
    {
      input: value,
    },
  );
}

function keytarItem(account: string): string | null {
  try {
    return execFileSync('secret-tool', ['lookup', 'service', keychainService, 'account', account], {
      encoding: 'utf8',
    });
  } catch {
    return null;
  }
}

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`the call failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** A data folder holding one profile, as an earlier build left it. */
function earlierDataFolder(): { dataDir: string; profileId: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-earlier-keys-'));
  const profile = createProfileStore(dataDir).save({
    name: 'Council test',
    baseUrl: 'http://127.0.0.1:9',
    environment: 'test',
    keyName: 'Key',
  });
  return { dataDir, profileId: profile.id };
}

describe.runIf(process.platform === 'linux')('keys an earlier build stored', () => {
  it('are found through secret-tool, moved to the new entry, and deleted with the profile’s key', async () => {
    const { dataDir, profileId } = earlierDataFolder();
    const apiKey = `earlier-${randomUUID()}`;
    storeAsKeytar(profileId, JSON.stringify({ apiKey, apiSecret: 'earlier-secret' }));
    expect(legacyKeytarReader()).not.toBeNull();

    const core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
    open.push(core);
    const { profiles } = value<ProfileList>(await dispatch(core, 'profiles.list', {}));
    expect(profiles[0]).toMatchObject({ hasCredentials: true, keyHint: apiKey.slice(-4) });
    expect(profiles[0]!.setAgain).toBeUndefined();
    // Now in the new binding's own entry: read without the earlier build's reader.
    expect(await createKeyringSecretStore({ legacy: null }).get(profileId)).toContain(apiKey);

    value(await dispatch(core, 'profiles.clearCredentials', { profileId }));
    expect(keytarItem(profileId)).toBeNull();
    expect(await createKeyringSecretStore().get(profileId)).toBeNull();
  });

  it('are said to need setting again where they cannot be read, for profiles of the earlier build only', async () => {
    const { dataDir, profileId } = earlierDataFolder();
    storeAsKeytar(profileId, JSON.stringify({ apiKey: 'unreadable-key', apiSecret: 's' }));
    const core = await createCore({
      shell: 'web',
      dataDir,
      documentWorker: sourceDocumentWorker,
      secretStore: createKeyringSecretStore({ legacy: null }),
    });
    open.push(core);
    const made = value<{ id: string }>(
      await dispatch(core, 'profiles.save', {
        name: 'Made after the change',
        baseUrl: 'http://127.0.0.1:9',
        environment: 'test',
        keyName: 'Key',
      }),
    );
    const { profiles } = value<ProfileList>(await dispatch(core, 'profiles.list', {}));
    const byId = Object.fromEntries(profiles.map((profile) => [profile.id, profile]));
    expect(byId[profileId]).toMatchObject({ hasCredentials: false, setAgain: true });
    expect(byId[made.id]).toMatchObject({ hasCredentials: false });
    expect(byId[made.id]!.setAgain).toBeUndefined();
  });
});
