import { mkdirSync, mkdtempSync, rmSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Failure } from '../../../../../src-main/core/failure';
import { createInboxSettings, defaultInboxSettings } from '../../../../../src-main/core/inbox/inbox-settings';
import { createMemorySecretStore } from '../../../../../src-main/core/secrets/memory-secret-store';
import type { SecretStore } from '../../../../../src-main/core/secrets/secret-store';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pc-inbox-settings-'));
  folders.push(dir);
  return dir;
}

async function asyncFailure(action: () => Promise<unknown>): Promise<Failure> {
  const error: unknown = await action().then(
    () => new Error('no failure'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('inbox settings', () => {
  it('starts off with the defaults, merges partial changes and keeps them across a reopen', async () => {
    const dir = folder();
    const settings = createInboxSettings(dir, createMemorySecretStore());
    expect(settings.find('p1')).toBeNull();
    expect(settings.get('p1')).toEqual(defaultInboxSettings);
    await settings.configure('p1', { enabled: true });
    const { settings: changed } = await settings.configure('p1', {
      reply: { status: 500, body: { BackOfficeReference: 'BO-1042' } },
      limits: { perSecond: 5 },
    });
    expect(changed).toEqual({
      enabled: true,
      reply: { status: 500, delayMs: 0, body: { BackOfficeReference: 'BO-1042' } },
      sharedHeader: { name: 'X-Inbox-Secret' },
      limits: { maxDeliveries: 10_000, maxBytes: 200 * 1024 * 1024, perSecond: 5 },
      everEnabled: true,
    });
    expect(createInboxSettings(dir, createMemorySecretStore()).find('p1')).toEqual(changed);
    expect(JSON.parse(readFileSync(join(dir, 'inbox', 'settings.json'), 'utf8'))).toMatchObject({
      version: 1,
    });
  });

  it('refuses invalid settings with a reason naming the key, and changes nothing', async () => {
    const settings = createInboxSettings(folder(), createMemorySecretStore());
    const cases: Array<[unknown, RegExp]> = [
      [{ reply: { status: 418 } }, /reply\.status must be one of 200, 201, 202, 204, 400, 500, 503/],
      [{ reply: { delayMs: 60_001 } }, /reply\.delayMs/],
      [{ reply: { delayMs: 1.5 } }, /reply\.delayMs/],
      [{ reply: { body: [] } }, /reply\.body must be an object/],
      [{ reply: { body: { big: 'x'.repeat(70_000) } } }, /reply\.body must be at most 64 KiB/],
      [{ enabled: 'yes' }, /enabled must be a boolean/],
      [{ colour: 'red' }, /unexpected keys: colour/],
      [{ limits: { perSecond: 0 } }, /limits\.perSecond must be at least 1/],
      [{ limits: { maxBytes: 1024 } }, /limits\.maxBytes must be at least 64 KiB/],
    ];
    for (const [patch, reason] of cases) {
      const error = await asyncFailure(() => settings.configure('p1', patch as never));
      expect(error.error.code).toBe('invalid_input');
      expect(error.message).toMatch(reason);
    }
    expect(settings.find('p1')).toBeNull();
    expect((await asyncFailure(() => settings.configure('../etc', { enabled: true }))).message).toMatch(
      /profile id/,
    );
  });

  it('keeps the shared header secret in the SecretStore only, under inbox:<profileId>', async () => {
    const dir = folder();
    const secrets = createMemorySecretStore();
    const settings = createInboxSettings(dir, secrets);
    const secret = 'SENTINEL-shared-secret-7f3a';
    const stored = await settings.setSharedHeader('p1', 'X-Back-Office-Key', secret);
    expect(stored.sharedHeader).toEqual({ name: 'X-Back-Office-Key' });
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(await secrets.get('inbox:p1')).toBe(secret);
    expect(await settings.secretFor('p1')).toBe(secret);
    for (const name of readdirSync(join(dir, 'inbox'))) {
      expect(readFileSync(join(dir, 'inbox', name), 'utf8')).not.toContain(secret);
    }
    const cleared = await settings.clearSharedHeader('p1');
    expect(cleared.sharedHeader).toBeNull();
    expect(await secrets.get('inbox:p1')).toBeNull();
  });

  it('refuses bad header names and values before touching the keychain', async () => {
    const secrets = createMemorySecretStore();
    const settings = createInboxSettings(folder(), secrets);
    expect((await asyncFailure(() => settings.setSharedHeader('p1', 'X Bad', 'secret'))).message).toMatch(
      /sharedHeader\.name must be a header name/,
    );
    expect(
      (await asyncFailure(() => settings.setSharedHeader('p1', 'Content-Type', 'secret'))).message,
    ).toMatch(/transport sets itself/);
    for (const value of ['', ' padded', 'line\nbreak', 'é', 'x'.repeat(1025)]) {
      expect((await asyncFailure(() => settings.setSharedHeader('p1', 'X-Shared', value))).message).toMatch(
        /printable ASCII/,
      );
    }
    expect(await secrets.get('inbox:p1')).toBeNull();
    expect(settings.find('p1')).toBeNull();
  });

  it('leaves the settings unchanged when the keychain refuses the secret', async () => {
    const broken: SecretStore = {
      get: async () => null,
      set: async () => {
        throw new Failure('keychain_unavailable', 'The OS keychain is not available.');
      },
      delete: async () => false,
    };
    const settings = createInboxSettings(folder(), broken);
    const error = await asyncFailure(() => settings.setSharedHeader('p1', 'X-Shared', 'secret'));
    expect(error.error.code).toBe('keychain_unavailable');
    expect(settings.find('p1')).toBeNull();
  });

  it('moves an unreadable settings file aside and starts from the defaults', () => {
    const dir = folder();
    mkdirSync(join(dir, 'inbox'));
    writeFileSync(join(dir, 'inbox', 'settings.json'), '{"version": 1, "profiles": {"p1": {"enabled": 3}}}');
    const settings = createInboxSettings(dir, createMemorySecretStore());
    expect(settings.problem).toMatch(/settings\.json could not be used/);
    expect(settings.find('p1')).toBeNull();
    expect(readdirSync(join(dir, 'inbox')).some((name) => name.startsWith('settings.json.corrupt-'))).toBe(
      true,
    );
  });
});
