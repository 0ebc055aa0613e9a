import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../../src-shared/contract';
import type { DiscoveryResult, MappingCheck } from '../../../src-shared/discovery';
import { defaultEndpoints, type ProfileView } from '../../../src-shared/profile';
import type { Result } from '../../../src-shared/result';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { dispatch } from '../../../src-main/handlers';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';
import { sourceDocumentWorker } from '../../support/document-worker';
import { startDescriptionServer, type DescriptionServer } from './description-server';

/**
 * profiles.discover and profiles.checkMapping through the one door into main, against the real
 * reference service and a tiny local server serving bad descriptions; the real keychain holds
 * the key (this file runs inside with-keyring.sh).
 */

let core: Core;
let sandbox: RunningSandbox;
let server: DescriptionServer;
let key: { apiKey: string; apiSecret: string };

beforeAll(async () => {
  core = await createCore({
    shell: 'web',
    dataDir: mkdtempSync(join(tmpdir(), 'pc-discover-')),
    documentWorker: sourceDocumentWorker,
  });
  sandbox = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-discover-sandbox-')), port: 0 });
  const made = sandbox.createApiKey('Discovery key');
  key = { apiKey: made.apiKey, apiSecret: made.apiSecret };
  server = await startDescriptionServer();
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await core?.close();
});

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`the call failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function profileFor(name: string, baseUrl: string) {
  const saved = value<ProfileView>(
    await dispatch(core, 'profiles.save', { name, baseUrl, environment: 'test', keyName: 'Discovery key' }),
  );
  value(await dispatch(core, 'profiles.setCredentials', { profileId: saved.id, ...key }));
  return saved.id;
}

const viewOf = async (profileId: string) =>
  value<{ profiles: ProfileView[] }>(await dispatch(core, 'profiles.list', {})).profiles.find(
    (profile) => profile.id === profileId,
  )!;

describe('discover against the reference service', () => {
  it('finds its description and proposes the defaults with high confidence, changing nothing', async () => {
    const profileId = await profileFor('Reference', sandbox.url);
    const before = core.profiles.get(profileId);
    const started = performance.now();
    const result = value<DiscoveryResult>(await dispatch(core, 'profiles.discover', { profileId }));
    console.log(`discover against the reference service: ${Math.round(performance.now() - started)} ms`);

    expect(result.description).toMatchObject({
      title: 'Process Integration API (reference service)',
      format: 'OpenAPI 3.1.0',
      changedFrom: null,
    });
    expect(new URL(result.description.url).origin).toBe(new URL(sandbox.url).origin);
    for (const proposal of result.operations) {
      expect(proposal.proposed, proposal.operation).toEqual(defaultEndpoints[proposal.operation]);
      expect(proposal.confidence, proposal.operation).toBe('high');
    }
    expect(result.unmatched).toEqual([]);
    expect(result.auth).toMatchObject({ proposed: { scheme: 'headers' }, changes: false });
    expect(calls['profiles.save'].input.safeParse(result.suggested).success).toBe(true);
    expect(result.suggested).toMatchObject({ id: profileId, endpoints: {} });

    // Nothing applied: the profile is as it was, its key still there; the read is remembered.
    expect(core.profiles.get(profileId)).toEqual(before);
    const view = await viewOf(profileId);
    expect(view.hasCredentials).toBe(true);
    expect(view.lastDescription).toMatchObject({ hash: result.description.hash, changedFrom: null });

    // Applying the suggestion as it stands is one profiles.save.
    const applied = value<ProfileView>(await dispatch(core, 'profiles.save', result.suggested));
    expect(applied).toMatchObject({ id: profileId, hasCredentials: true });
  });

  it('checks the mapping with read operations only and reports each one', async () => {
    const profileId = await profileFor('Reference check', sandbox.url);
    const check = value<MappingCheck>(
      await dispatch(core, 'profiles.checkMapping', { profileId, externalReference: 'FT-000003' }),
    );
    expect(check.items.map((item) => [item.operation, item.outcome, item.status, item.fieldsOk])).toEqual([
      ['getProcessByReference', 'ok', 200, true],
      ['getStepsByReference', 'ok', 200, true],
      ['getSteps', 'ok', 200, true],
      ['getCurrentStep', 'ok', 200, true],
      ['getDocument', 'ok', 200, true],
    ]);
    const writes = core.requests.list({ profileId }).filter((entry) => entry.method !== 'GET');
    expect(writes).toEqual([]);

    const missing = value<MappingCheck>(
      await dispatch(core, 'profiles.checkMapping', { profileId, externalReference: 'NO-SUCH-REF' }),
    );
    expect(missing.items[0]).toMatchObject({
      operation: 'getProcessByReference',
      outcome: 'failed',
      status: 404,
    });
    expect(missing.items.slice(2).every((item) => item.outcome === 'skipped')).toBe(true);
  });
});

describe('discover against a tenant that needs a key, and one whose description changes', () => {
  const description = (version: string) =>
    readFileSync(join(import.meta.dirname, '../../fixtures/descriptions/prefix-oauth.json'), 'utf8').replace(
      '"version": "2026.6"',
      `"version": "${version}"`,
    );

  it('sends the key only after a 401, and says when the description changed since', async () => {
    server.routes.clear();
    server.seen.length = 0;
    server.routes.set('/swagger/v1/swagger.json', { body: description('1'), requireHeader: 'x-api-key' });
    const profileId = await profileFor('Key tenant', server.url);
    const first = value<DiscoveryResult>(await dispatch(core, 'profiles.discover', { profileId }));
    expect(first.description.version).toBe('1');
    const asked = server.seen.filter((entry) => entry.path === '/swagger/v1/swagger.json');
    expect(asked.map((entry) => entry.withKey)).toEqual([false, true]);
    expect(
      server.seen.filter((entry) => entry.path !== '/swagger/v1/swagger.json').some((entry) => entry.withKey),
    ).toBe(false);

    server.routes.set('/swagger/v1/swagger.json', { body: description('2'), requireHeader: 'x-api-key' });
    const second = value<DiscoveryResult>(await dispatch(core, 'profiles.discover', { profileId }));
    expect(second.description.changedFrom).toEqual({
      hash: first.description.hash,
      readAt: first.description.readAt,
    });
    expect((await viewOf(profileId)).lastDescription?.changedFrom?.hash).toBe(first.description.hash);
  });
});

describe('bad descriptions end in a clear sentence and leave the profile unchanged', () => {
  const big = 20 * 1024 * 1024;
  const cases: [string, () => void, RegExp][] = [
    [
      'an HTML page everywhere',
      () => (server.fallback = { type: 'text/html', body: '<!doctype html><html><body>App</body></html>' }),
      /is an HTML page, not a JSON or YAML description/,
    ],
    [
      'truncated JSON',
      () =>
        server.routes.set('/swagger/v1/swagger.json', {
          body: '{"openapi": "3.0.3", "info": {"title": "cut',
        }),
      /not complete JSON/,
    ],
    [
      'a 20 MiB description',
      () =>
        server.routes.set('/swagger/v1/swagger.json', {
          write: (response) => {
            response.writeHead(200, { 'content-type': 'application/json' });
            const chunk = Buffer.alloc(1024 * 1024, 0x20);
            let sent = 0;
            const more = () => {
              while (sent < big && !response.destroyed) {
                sent += chunk.length;
                if (!response.write(chunk)) return void response.once('drain', more);
              }
              response.end();
            };
            response.on('error', () => undefined);
            more();
          },
        }),
      /up to 10 MiB/,
    ],
    [
      'circular $refs that cannot resolve',
      () =>
        server.routes.set('/openapi.json', {
          body: JSON.stringify({
            openapi: '3.0.3',
            info: { title: 'Loop', version: '1' },
            paths: {
              '/a': {
                get: {
                  responses: {
                    200: {
                      description: 'ok',
                      content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } },
                    },
                  },
                },
              },
            },
            components: {
              schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } },
            },
          }),
        }),
      /cannot be resolved/,
    ],
    [
      'a JSON URL on another origin',
      () =>
        server.routes.set('/swagger', {
          type: 'text/html',
          body: `<html><script>window.ui = SwaggerUIBundle({ url: "http://localhost:${server.port}/swagger/v1/swagger.json" })</script></html>`,
        }),
      /on another origin than http:\/\/127\.0\.0\.1/,
    ],
  ];

  it.each(cases)('%s', async (_name, arrange, sentence) => {
    server.routes.clear();
    server.fallback = { status: 404, type: 'text/plain', body: 'Not found' };
    arrange();
    const profileId = await profileFor(`Bad ${_name}`, server.url);
    const before = core.profiles.get(profileId);
    const started = performance.now();
    const result = await dispatch(core, 'profiles.discover', { profileId });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    console.log(`${_name}: ended in ${Math.round(performance.now() - started)} ms: ${result.error.message}`);
    expect(result.error.message).toMatch(sentence);
    expect(result.error.message).toMatch(/\.$/);
    expect(core.profiles.get(profileId)).toEqual(before);
    expect(core.profiles.description(profileId)).toBeNull();
    expect((await viewOf(profileId)).hasCredentials).toBe(true);
  });
});
