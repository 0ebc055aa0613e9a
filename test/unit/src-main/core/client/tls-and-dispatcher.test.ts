import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, environmentNetwork } from '../../../../../src-main/core/client/api-client';
import { buildDispatcher, createDispatcherCache } from '../../../../../src-main/core/client/dispatcher';
import { Failure } from '../../../../../src-main/core/failure';
import { makeTestCertificates, type TestCertificates } from './certs';
import { makePorts, makeProfile, processBody } from './helpers';

const id = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const network = environmentNetwork({});
let certs: TestCertificates;
let server: ReturnType<typeof createServer>;
let url: string;

beforeAll(async () => {
  certs = makeTestCertificates();
  server = createServer({ key: certs.key, cert: certs.cert }, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(processBody(id, [])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(certs.dir, { recursive: true, force: true });
});

describe('TLS', () => {
  it('refuses a service whose certificate is not trusted, then accepts it once its CA file is set', async () => {
    const untrusted = makeProfile(url);
    const trusted = makeProfile(url, { caFile: certs.caFile });
    const client = createApiClient(makePorts([untrusted, trusted]));
    try {
      const error = await client.getProcess(untrusted.id, id).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Failure);
      expect((error as Failure).error.code).toBe('tls');
      // The issuer is named, learnt from a second handshake that sends nothing.
      expect((error as Failure).message).toMatch(
        /^The certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted \(\w+\): it was issued under "Process Console Test CA", a certificate authority this computer does not trust\. .* set its CA file \(PEM\) in profile "Test tenant"/,
      );
      expect((await client.getProcess(trusted.id, id)).processId).toBe(id);
    } finally {
      await client.close();
    }
  });

  it('accepts localhost (in the certificate) and refuses a host name the certificate does not name', async () => {
    // 127.0.0.2 is loopback too on Linux, but the certificate names only 127.0.0.1 and localhost.
    const other = createServer({ key: certs.key, cert: certs.cert }, (_request, response) =>
      response.end('{}'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve));
    const named = makeProfile(url.replace('127.0.0.1', 'localhost'), { caFile: certs.caFile });
    const mismatch = makeProfile(`https://127.0.0.2:${(other.address() as AddressInfo).port}`, {
      caFile: certs.caFile,
    });
    const client = createApiClient(makePorts([named, mismatch]));
    try {
      expect((await client.getProcess(named.id, id)).processId).toBe(id);
      const error = (await client.getProcess(mismatch.id, id).catch((caught: unknown) => caught)) as Failure;
      expect(error.error.code).toBe('tls');
      expect(error.message).toMatch(/is for a different host name \(ERR_TLS_CERT_ALTNAME_INVALID\)/);
    } finally {
      await client.close();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('names a missing or non-PEM CA file, and the profile, in one sentence for both', () => {
    expect(() =>
      buildDispatcher(makeProfile(url, { caFile: join(certs.dir, 'absent.pem') }), network),
    ).toThrowError(
      /The CA file .*absent\.pem is not a readable PEM file; .* Fix it in the profile "Test tenant"\./,
    );
    const junk = join(certs.dir, 'junk.pem');
    writeFileSync(junk, 'not a certificate');
    expect(() => buildDispatcher(makeProfile(url, { caFile: junk }), network)).toThrowError(
      /junk\.pem is not a readable PEM file/,
    );
  });
});

describe('dispatcher cache', () => {
  it('keeps one dispatcher per profile until the profile changes', async () => {
    const cache = createDispatcherCache(network);
    const profile = makeProfile(url);
    const first = cache.get(profile);
    expect(cache.get(profile)).toBe(first);
    const changed = cache.get({ ...profile, updatedAt: '2026-02-02T00:00:00.000Z' });
    expect(changed).not.toBe(first);
    await cache.close();
  });

  it('builds the kind of dispatcher the proxy setting asks for', async () => {
    const direct = buildDispatcher(makeProfile(url, { proxy: { mode: 'none' } }), network);
    const system = buildDispatcher(makeProfile(url, { proxy: { mode: 'system' } }), network);
    const viaUrl = buildDispatcher(
      makeProfile(url, { proxy: { mode: 'url', url: 'http://proxy.example.com:3128' } }),
      network,
    );
    // A pinned route is one agent; the system's is chosen per service when a request is made.
    expect([direct instanceof Agent, system instanceof Agent, viaUrl instanceof Agent]).toEqual([
      true,
      false,
      true,
    ]);
    await Promise.all([direct.close(), system.close(), viaUrl.close()]);
  });
});
