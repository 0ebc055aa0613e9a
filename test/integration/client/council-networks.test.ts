import { mkdtempSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../../support/document-worker';
import { startLoggingProxy, type LoggingProxy } from '../../support/logging-proxy';
import type { ProfileView, ProxySignIn } from '../../../src-shared/profile';
import type { Result } from '../../../src-shared/result';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { createMemorySecretStore } from '../../../src-main/core/secrets/memory-secret-store';
import { dispatch } from '../../../src-main/handlers';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server';

/**
 * A council's network: the system names the proxy (a PAC result, handed to core as the desktop
 * shell's `session.resolveProxy` would), a proxy asks for Basic sign-in, another for Windows
 * sign-in. The console reaches the real reference service through real proxies on loopback.
 *
 * The keychain is the in-memory store: the real one is being replaced in this branch's base.
 */

let core: Core;
let sandbox: RunningSandbox;
let open: LoggingProxy;
let basic: LoggingProxy;
let other: LoggingProxy;
let windows: LoggingProxy;
let key: { apiKey: string; apiSecret: string };
const keychain = createMemorySecretStore();
/** Ports in front of the service, one per profile, so the system's answer can differ per profile. */
const doors: Server[] = [];
/** What the stand-in for `session.resolveProxy` answers, per host and port the profile uses. */
const pac = new Map<string, string>();
const signIn = { username: 'jo.bloggs', password: 'Winter 2026!' };

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'pc-council-sandbox-')), port: 0 });
  const made = sandbox.createApiKey('Council key');
  key = { apiKey: made.apiKey, apiSecret: made.apiSecret };
  [open, basic, other, windows] = await Promise.all([
    startLoggingProxy(),
    startLoggingProxy({ basic: signIn }),
    startLoggingProxy({ basic: signIn }),
    startLoggingProxy({ challenge: ['Negotiate', 'NTLM'] }),
  ]);
  core = await createCore({
    shell: 'electron',
    dataDir: mkdtempSync(join(tmpdir(), 'pc-council-')),
    documentWorker: sourceDocumentWorker,
    secretStore: keychain,
    systemProxy: {
      // Chromium answers per URL; the tests tell profiles apart by the port they use.
      resolve: async (url) => pac.get(new URL(url).host) ?? 'DIRECT',
      source: "this computer's proxy settings",
    },
  });
});

afterAll(async () => {
  await Promise.all([open, basic, other, windows].map((proxy) => proxy?.close()));
  for (const door of doors) door.close();
  await sandbox?.close();
  await core?.close();
});

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`the call failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const hostPort = (proxy: LoggingProxy) => new URL(proxy.url).host;

/** A port of its own that forwards to the service, byte for byte. */
async function door(): Promise<string> {
  const server = createServer((socket) => {
    const service = connect(sandbox.port, '127.0.0.1');
    socket.pipe(service).pipe(socket);
    socket.on('error', () => service.destroy());
    service.on('error', () => socket.destroy());
  });
  doors.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return String((server.address() as AddressInfo).port);
}

/**
 * A profile with a key, reaching the service through a port of its own, so the system's answer
 * can differ per profile. Saved without a proxy setting: a new profile follows the system's.
 */
async function profile(name: string, system: string, proxy?: { mode: 'url'; url: string }) {
  const port = await door();
  pac.set(`127.0.0.1:${port}`, system);
  const baseUrl = `http://127.0.0.1:${port}`;
  const saved = value<ProfileView>(
    await dispatch(core, 'profiles.save', {
      name,
      baseUrl,
      environment: 'test',
      keyName: 'Council key',
      ...(proxy ? { proxy } : {}),
    }),
  );
  value(await dispatch(core, 'profiles.setCredentials', { profileId: saved.id, ...key }));
  const lookUp = () =>
    dispatch(core, 'processes.getByReference', { profileId: saved.id, externalReference: 'FT-000003' });
  return { saved, lookUp };
}

describe("the system's proxy", () => {
  it('is what a new profile follows: a PAC result sends it through the proxy, DIRECT straight', async () => {
    const proxied = await profile('PAC tenant', `PROXY ${hostPort(open)}; DIRECT`);
    expect(proxied.saved.proxy).toEqual({ mode: 'system' });
    const before = open.count;
    expect(await proxied.lookUp()).toMatchObject({ ok: true, value: { externalReference: 'FT-000003' } });
    expect(open.count).toBe(before + 1);
    expect(open.seen()).toContain(`CONNECT ${new URL(proxied.saved.baseUrl).host}`);

    const direct = await profile('Direct tenant', 'DIRECT');
    const seen = open.count;
    expect(await direct.lookUp()).toMatchObject({ ok: true });
    expect(open.count).toBe(seen);
  });

  it('skips a SOCKS entry it cannot use, and says so when nothing else is offered', async () => {
    const fallsThrough = await profile('SOCKS then proxy', `SOCKS5 127.0.0.1:1; PROXY ${hostPort(open)}`);
    expect(await fallsThrough.lookUp()).toMatchObject({ ok: true });
    const socksOnly = await profile('SOCKS tenant', 'SOCKS5 10.9.8.7:1080');
    const refused = await socksOnly.lookUp();
    expect(refused).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(!refused.ok && refused.error.message).toBe(
      `This computer's proxy settings send ${new URL(socksOnly.saved.baseUrl).origin} through SOCKS5 10.9.8.7:1080, ` +
        'which the console cannot use: it speaks to HTTP and HTTPS proxies only. Ask your IT team for an ' +
        'HTTP proxy, or set one (or no proxy) in profile "SOCKS tenant".',
    );
  });
});

describe('a proxy that asks for sign-in', () => {
  it('gets Basic credentials from the keychain, for its own origin only', async () => {
    const { saved, lookUp } = await profile('Basic tenant', `PROXY ${hostPort(basic)}`);
    const asked = await lookUp();
    expect(asked).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 407 } });
    expect(!asked.ok && asked.error.message).toBe(
      `The proxy ${basic.url} (named by this computer's proxy settings) asks for a user name and password ` +
        `(Basic) before it lets requests to ${new URL(saved.baseUrl).hostname} through. Set them under ` +
        '"Proxy sign-in" in profile "Basic tenant"; they are kept in the keychain for that proxy only.',
    );
    expect(value<ProxySignIn>(await dispatch(core, 'profiles.proxySignIn', { profileId: saved.id }))).toEqual(
      {
        proxy: basic.url,
        from: 'system',
        stored: false,
        problem: null,
      },
    );

    const stored = value<ProxySignIn>(
      await dispatch(core, 'profiles.setProxyCredentials', { profileId: saved.id, ...signIn }),
    );
    // The renderer learns that they are stored, and for which proxy; never them.
    expect(stored).toEqual({ proxy: basic.url, from: 'system', stored: true, problem: null });
    expect(JSON.stringify(stored)).not.toContain(signIn.password);
    expect(await lookUp()).toMatchObject({ ok: true, value: { externalReference: 'FT-000003' } });
    const token = Buffer.from(`${signIn.username}:${signIn.password}`).toString('base64');
    expect(basic.seen()).toContain(`proxy-authorization: Basic ${token}`);
    // On the CONNECT only: neither the request log nor the profile file holds them.
    const log = JSON.stringify(core.requests.list());
    for (const part of [token, signIn.password]) expect(log).not.toContain(part);

    // A profile the system sends through another proxy: the credentials stay behind.
    const moved = await profile('Moved tenant', `PROXY ${hostPort(other)}`);
    const refused = await moved.lookUp();
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 407 } });
    expect(other.seen()).not.toContain(token);
  });

  it('pinned in the profile: wrong credentials are said to be refused', async () => {
    const { saved, lookUp } = await profile('Pinned tenant', 'DIRECT', { mode: 'url', url: other.url });
    value(
      await dispatch(core, 'profiles.setProxyCredentials', {
        profileId: saved.id,
        username: signIn.username,
        password: 'not it',
      }),
    );
    const refused = await lookUp();
    expect(!refused.ok && refused.error.message).toBe(
      `The proxy ${other.url} (named by profile "Pinned tenant") refused the user name and password ` +
        'stored for it (407). Set them again under "Proxy sign-in" in profile "Pinned tenant".',
    );
    value(await dispatch(core, 'profiles.setProxyCredentials', { profileId: saved.id, ...signIn }));
    expect(await lookUp()).toMatchObject({ ok: true });
  });

  it('asking for Windows sign-in (Negotiate, NTLM) gets a sentence naming the proxy and what to do', async () => {
    const { saved, lookUp } = await profile('Windows tenant', `PROXY ${hostPort(windows)}`);
    const refused = await lookUp();
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 407 } });
    expect(!refused.ok && refused.error.message).toBe(
      `The proxy ${windows.url} (named by this computer's proxy settings) asks for Windows sign-in ` +
        '(407, Negotiate, NTLM), which the console cannot give. Ask your IT team to let ' +
        `${new URL(saved.baseUrl).hostname} through that proxy without sign-in, or for a proxy that ` +
        'takes a user name and password (Basic), and set that one in profile "Windows tenant".',
    );
  });

  it('keeps them in the keychain under the proxy, or for the session only when that is chosen', async () => {
    const { saved, lookUp } = await profile('Session tenant', 'DIRECT', { mode: 'url', url: other.url });
    value(await dispatch(core, 'profiles.setProxyCredentials', { profileId: saved.id, ...signIn }));
    expect(await keychain.get(`proxy:${other.url}`)).toContain(signIn.username);
    value(await dispatch(core, 'profiles.keepForSession', { sessionOnly: true }));
    try {
      value(await dispatch(core, 'profiles.setProxyCredentials', { profileId: saved.id, ...signIn }));
      expect(await keychain.get(`proxy:${other.url}`)).toBeNull();
      expect(await lookUp()).toMatchObject({ ok: true });
    } finally {
      value(await dispatch(core, 'profiles.keepForSession', { sessionOnly: false }));
    }
    const cleared = value<ProxySignIn>(
      await dispatch(core, 'profiles.clearProxyCredentials', { profileId: saved.id }),
    );
    expect(cleared).toMatchObject({ proxy: other.url, stored: false });
    expect(
      value<ProxySignIn>(await dispatch(core, 'profiles.proxySignIn', { profileId: saved.id })),
    ).toMatchObject({ stored: false });
  });

  it('refusing the tunnel (403) is said to be the proxy, naming the host to ask IT about', async () => {
    // The logging proxy opens tunnels to loopback addresses only, as a filtering proxy would.
    pac.set('tenant.example.com', `PROXY ${hostPort(open)}`);
    const saved = value<ProfileView>(
      await dispatch(core, 'profiles.save', {
        name: 'Filtered tenant',
        baseUrl: 'https://tenant.example.com',
        environment: 'test',
        keyName: 'Council key',
      }),
    );
    value(await dispatch(core, 'profiles.setCredentials', { profileId: saved.id, ...key }));
    const refused = await dispatch(core, 'profiles.test', { profileId: saved.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
    expect(!refused.ok && refused.error.message).toBe(
      `The proxy ${open.url} (named by this computer's proxy settings) would not open a connection to ` +
        'https://tenant.example.com (HTTP 403). Ask your IT team whether tenant.example.com is allowed ' +
        'through it, or check the proxy settings of profile "Filtered tenant".',
    );
  });

  it('has nothing to sign in to when the profile goes direct', async () => {
    const { saved } = await profile('No proxy tenant', 'DIRECT');
    const refused = await dispatch(core, 'profiles.setProxyCredentials', { profileId: saved.id, ...signIn });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!refused.ok && refused.error.message).toBe(
      `Profile "No proxy tenant" reaches ${saved.baseUrl} without a proxy, so there is no proxy to sign in to.`,
    );
  });
});
