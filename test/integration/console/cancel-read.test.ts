import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import { startSilentServer, type SilentServer } from '../../support/silent-server';
import { waitFor } from '../../support/wait-for';
import type { ProfileView } from '../../../src-shared/profile';
import type { Result } from '../../../src-shared/result';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';

/**
 * A read the user stops waiting for: the renderer gives it a `requestId` and `requests.cancel`
 * aborts it in main, against a service that accepts the connection and never answers.
 */

let core: Core;
let silent: SilentServer;
let profileId: string;

beforeAll(async () => {
  silent = await startSilentServer();
  core = await createCore({
    shell: 'web',
    dataDir: mkdtempSync(join(tmpdir(), 'pc-cancel-')),
    documentWorker: sourceDocumentWorker,
  });
  const profile = value<ProfileView>(
    await dispatch(core, 'profiles.save', {
      name: 'Never answers',
      baseUrl: silent.url,
      environment: 'test',
      keyName: 'Key',
    }),
  );
  profileId = profile.id;
  value(
    await dispatch(core, 'profiles.setCredentials', {
      profileId,
      apiKey: 'cancel-test-key-1234',
      apiSecret: 'cancel-test-secret',
      sessionOnly: true,
    }),
  );
});

afterAll(async () => {
  await core?.close();
  await silent?.close();
});

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`the call failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

describe('cancelling a read', () => {
  it('ends a hanging lookup with a Cancelled result, and the request log says so', async () => {
    const requestId = crypto.randomUUID();
    const before = silent.accepted();
    const lookup = dispatch(core, 'processes.getByReference', {
      profileId,
      externalReference: 'FT-000003',
      requestId,
    });
    await waitFor(() => silent.accepted() > before, { what: 'the lookup to reach the silent service' });
    expect(value(await dispatch(core, 'requests.cancel', { requestId }))).toEqual({ cancelled: true });
    const result = await lookup;
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const [entry] = value<{ errorCode: string | null }[]>(
      await dispatch(core, 'requests.list', { profileId, limit: 1 }),
    );
    expect(entry?.errorCode).toBe('cancelled');
  });

  it('says when there was nothing left to cancel', async () => {
    const requestId = crypto.randomUUID();
    expect(value(await dispatch(core, 'requests.cancel', { requestId }))).toEqual({ cancelled: false });
  });

  it('refuses a request id on a change, which is never cancelled mid-flight', async () => {
    const result = await dispatch(core, 'notes.add', {
      profileId,
      processId: '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10',
      contents: 'Should not be sent.',
      visibleToAccounts: false,
      intentId: crypto.randomUUID(),
      requestId: crypto.randomUUID(),
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(result.ok ? '' : result.error.message).toMatch(/requestId/);
  });

  it('refuses a request id that is not a UUID', async () => {
    const result = await dispatch(core, 'processes.getByReference', {
      profileId,
      externalReference: 'FT-000003',
      requestId: 'one',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
