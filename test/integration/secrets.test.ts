import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../src-main/core/audit/audit-log';
import { Failure } from '../../src-main/core/failure';
import { createHistoryStore } from '../../src-main/core/history/history-store';
import { createProfileStore } from '../../src-main/core/profiles/profile-store';
import { createRequestLog } from '../../src-main/core/request-log';
import { createCredentialVault } from '../../src-main/core/secrets/credentials';
import { createKeyringSecretStore } from '../../src-main/core/secrets/keyring-secret-store';

describe('keychain store against the real keychain', () => {
  beforeAll(() => {
    if (process.env.PROCESS_CONSOLE_KEYRING_SESSION !== '1') {
      throw new Error('These tests need a real keychain: run them through scripts/with-keyring.sh.');
    }
  });

  it('sets, gets and deletes an entry', async () => {
    const store = createKeyringSecretStore();
    const account = `round-trip-${randomBytes(6).toString('hex')}`;
    expect(await store.get(account)).toBeNull();
    await store.set(account, 'first');
    await store.set(account, 'second');
    expect(await store.get(account)).toBe('second');
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('lets a secret sentinel reach no result, no log entry and no file of the data folder', async () => {
    const apiKey = `SENTINELKEY${randomBytes(16).toString('hex')}`;
    const apiSecret = `SENTINELSECRET${randomBytes(16).toString('hex')}`;
    const needles = [apiKey, apiSecret, Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')];
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-sentinel-'));
    const results: unknown[] = [];
    const keep = <T>(value: T): T => (results.push(value), value);

    const profiles = createProfileStore(dataDir);
    const profile = keep(
      profiles.save({
        name: 'Sentinel',
        baseUrl: 'http://127.0.0.1:9',
        environment: 'test',
        keyName: 'Sentinel key',
        // Extra properties are dropped, never stored.
        ...{ apiKey, apiSecret },
      }),
    );
    const vault = createCredentialVault({ store: createKeyringSecretStore() });
    keep(await vault.set(profile.id, { apiKey, apiSecret }));
    keep(await vault.status(profile.id));
    const bad = await vault
      .set(profile.id, { apiKey, apiSecret: `${apiSecret}\r\nX-Injected: 1` })
      .catch((error: Failure) => error);
    expect(bad).toBeInstanceOf(Failure);
    keep((bad as Failure).error);
    // A new vault reads it back from the keychain, not from a file.
    expect(await createCredentialVault({ store: createKeyringSecretStore() }).get(profile.id)).toEqual({
      apiKey,
      apiSecret,
    });

    const audit = createAuditLog(dataDir);
    await audit.intent({
      kind: 'intent',
      actionId: 'a1',
      at: new Date().toISOString(),
      action: 'step.complete',
      profileId: profile.id,
      profileName: profile.name,
      environment: 'test',
      keyName: profile.keyName,
      processId: 'p1',
      externalReference: 'FT-1',
      processTypeId: null,
      stepId: 's1',
      stepName: 'Review',
      fields: [
        {
          name: 'Token',
          code: 'TOKEN',
          fieldId: 'f1',
          fieldType: 'Text',
          confidential: true,
          value: apiSecret,
        },
      ],
      note: null,
      idempotencyKey: 'i1',
    });
    await audit.outcome({
      kind: 'outcome',
      actionId: 'a1',
      at: new Date().toISOString(),
      outcome: 'succeeded',
      status: 200,
      errorCode: null,
      message: 'Step completed.',
      attempts: 1,
      processId: 'p1',
    });
    const requests = createRequestLog();
    requests.record({
      id: 'r1',
      at: new Date().toISOString(),
      profileId: profile.id,
      operation: 'token',
      method: 'POST',
      path: `/open-api/token?client_id=${apiKey}&client_secret=${apiSecret}`,
      status: 200,
      durationMs: 3,
      requestBytes: 10,
      responseBytes: 20,
      errorCode: null,
      attempt: 1,
      requestHeaders: {
        'X-Api-Key': apiKey,
        'X-Api-Secret': apiSecret,
        Authorization: `Basic ${needles[2]}`,
      },
      responseHeaders: {},
      origin: 'http://127.0.0.1:9',
      authScheme: 'basic',
      credentialHeaders: ['Authorization'],
      requestBody: null,
      responseBody: null,
      bodiesDropped: false,
      processRefs: [],
    });
    const history = createHistoryStore(dataDir);
    keep(history.record(profile.id, { processId: 'p1', externalReference: 'FT-1' }));
    keep(profiles.list());
    keep(await audit.list());
    keep(requests.list());
    keep(await audit.exportTo(join(dataDir, 'export.csv'), 'csv'));
    keep(await audit.exportTo(join(dataDir, 'export.jsonl'), 'jsonl'));

    for (const result of results) {
      for (const needle of needles) expect(JSON.stringify(result)).not.toContain(needle);
    }
    const files = filesUnder(dataDir);
    expect(files.map((file) => file.slice(dataDir.length + 1)).sort()).toEqual([
      // The audit's index (issue 16) is a file of the data folder too, so it is searched as well.
      'audit-index.sqlite',
      'audit-index.sqlite-shm',
      'audit-index.sqlite-wal',
      'audit.jsonl',
      'export.csv',
      'export.jsonl',
      'history.json',
      'profiles.json',
    ]);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const needle of needles) expect(bytes.includes(needle), `${needle} in ${file}`).toBe(false);
    }
    await vault.clear(profile.id);
    expect(await createKeyringSecretStore().get(profile.id)).toBeNull();
  });
});

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
