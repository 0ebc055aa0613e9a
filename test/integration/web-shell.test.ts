import { mkdtempSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceDocumentWorker } from '../support/document-worker';
import { waitFor } from '../support/wait-for';
import { createCore, type Core } from '../../src-main/core/create-core';
import { dispatch } from '../../src-main/handlers';
import { maxBridgeBodyBytes } from '../../src-shared/limits';
import { startWebShell, type WebShell } from '../../src-main/web-server';

let shell: WebShell;
let dataDir: string;
let core: Core;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pc-web-'));
  const rendererDir = mkdtempSync(join(tmpdir(), 'pc-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>console</title>');
  core = await createCore({ shell: 'web', dataDir, documentWorker: sourceDocumentWorker });
  shell = await startWebShell({
    port: 0,
    rendererDir,
    dispatch: (name, input) => dispatch(core, name, input),
    subscribe: (forward) => core.events.subscribe(forward),
  });
});

afterAll(async () => {
  await shell.close();
  await core.close();
});

function bridge(name: string, headers: Record<string, string> = {}, body = '{}') {
  return request(`http://127.0.0.1:${shell.port}/bridge/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shell.token}`, ...headers },
    body,
  });
}

describe('browser shell', () => {
  it('prints a loopback launch URL that never carries the token of at least 128 bits', () => {
    expect(shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/launch\/[A-Za-z0-9_-]{43}$/);
    expect(shell.url).not.toContain(shell.token);
    expect(Buffer.from(shell.token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('lets one tab in per launch URL: a one-use grant in an HttpOnly cookie, then the token in an uncached page', async () => {
    const url = shell.launchUrl();
    const page = (cookie?: string) =>
      request(`http://127.0.0.1:${shell.port}/`, cookie ? { headers: { cookie } } : {});
    // A HEAD (a link preview) leaves the code alone.
    const head = await request(url, { method: 'HEAD' });
    expect(head.statusCode).toBe(303);
    expect(head.headers['set-cookie']).toBeUndefined();
    const launched = await request(url);
    expect(launched.statusCode).toBe(303);
    expect(launched.headers.location).toBe('/');
    const cookie = String(launched.headers['set-cookie']);
    expect(cookie).toMatch(/^process-console-launch=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain(shell.token);
    const grant = cookie.split(';')[0]!;

    const withGrant = await page(grant);
    expect(withGrant.headers['cache-control']).toBe('no-store');
    expect(String(withGrant.headers['set-cookie'])).toContain('Max-Age=0');
    expect(await withGrant.body.text()).toContain(
      `<meta name="process-console-token" content="${shell.token}">`,
    );
    // Used once, the grant and the code are worth nothing.
    expect(await (await page(grant)).body.text()).not.toContain(shell.token);
    expect(await (await page()).body.text()).not.toContain(shell.token);
    const again = await request(url);
    expect(again.headers['set-cookie']).toBeUndefined();
    await again.body.dump();
  });

  it('answers a call made with the token', async () => {
    const response = await bridge('app.info');
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toMatchObject({ ok: true, value: { shell: 'web', dataDir } });
  });

  it('refuses a missing or wrong token with 401', async () => {
    const missing = await bridge('app.info', { authorization: '' });
    expect(missing.statusCode).toBe(401);
    await missing.body.dump();
    const wrong = await bridge('app.info', { authorization: `Bearer ${shell.token.slice(0, -2)}xx` });
    expect(wrong.statusCode).toBe(401);
    expect(JSON.stringify(await wrong.body.json())).not.toContain(shell.token);
  });

  it('refuses a foreign Host (DNS rebinding) or Origin with 403', async () => {
    const host = await bridge('app.info', { host: 'evil.example:80' });
    expect(host.statusCode).toBe(403);
    await host.body.dump();
    const otherPort = await bridge('app.info', { host: `127.0.0.1:${shell.port + 1}` });
    expect(otherPort.statusCode).toBe(403);
    await otherPort.body.dump();
    const origin = await bridge('app.info', { origin: 'https://evil.example' });
    expect(origin.statusCode).toBe(403);
    await origin.body.dump();
    const sameOrigin = await bridge('app.info', { origin: `http://127.0.0.1:${shell.port}` });
    expect(sameOrigin.statusCode).toBe(200);
    await sameOrigin.body.dump();
  });

  it('answers 404 for a call that does not exist, and a result for bad input', async () => {
    const unknown = await bridge('app.nothing');
    expect(unknown.statusCode).toBe(404);
    expect(await unknown.body.json()).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    const bad = await bridge('app.info', {}, '{"unexpected":1}');
    expect(bad.statusCode).toBe(200);
    expect(await bad.body.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const notJson = await bridge('app.info', {}, '{');
    expect(notJson.statusCode).toBe(400);
    await notJson.body.dump();
  });

  it('answers input nested too deeply with invalid_input and a sentence, not internal', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const payload = `{"ProcessId":"3f2a9c1e-0b7d-4e5f-9a1b-2c3d4e5f6a7b","ExternalReference":"FT-1","GeoTag":${deep}}`;
    const pasted = await bridge('inbox.parsePayload', {}, JSON.stringify({ json: payload }));
    expect(pasted.statusCode).toBe(200);
    expect(await pasted.body.json()).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          "The payload is nested more than 64 levels deep; a REST API step's payload is a few levels deep, " +
          'so send the payload as the service sent it.',
      },
    });
    // A reply body is any JSON object: the schema lets a deep one through to the inbox's store.
    const saved = await bridge(
      'profiles.save',
      {},
      JSON.stringify({
        name: 'Deep input',
        baseUrl: 'http://127.0.0.1:9',
        environment: 'test',
        keyName: 'k',
      }),
    );
    const profileId = ((await saved.body.json()) as { value: { id: string } }).value.id;
    const calls: Array<[string, string]> = [
      ['inbox.configure', `{"profileId":"${profileId}","reply":{"body":{"deep":${deep}}}}`],
      ['inbox.parsePayload', `{"json":${deep}}`],
    ];
    for (const [name, body] of calls) {
      const input = await bridge(name, {}, body);
      expect(input.statusCode).toBe(200);
      expect(await input.body.json()).toEqual({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'The request is nested more than 64 levels deep; no call of the console takes such input.',
        },
      });
    }
  });

  it('answers every refusal as a Result with a sentence, never a bare error', async () => {
    const refusals = [
      await bridge('app.info', { authorization: '' }),
      await bridge('app.info', { host: 'evil.example:80' }),
      await bridge('app.info', { origin: 'https://evil.example' }),
      await bridge('app.info', {}, '{'),
      await request(`http://127.0.0.1:${shell.port}/bridge/app.info`, {
        headers: { authorization: `Bearer ${shell.token}` },
      }),
      await request(`http://127.0.0.1:${shell.port}/anything`, { method: 'DELETE' }),
    ];
    const expected = [
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [403, 'forbidden'],
      [400, 'invalid_input'],
      [405, 'invalid_input'],
      [405, 'invalid_input'],
    ];
    const seen = [];
    for (const response of refusals) {
      const body = (await response.body.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(body.ok).toBe(false);
      expect(body.error.message.length).toBeGreaterThan(10);
      seen.push([response.statusCode, body.error.code]);
    }
    expect(seen).toEqual(expected);
  });

  it('lets the largest completion the contract allows through, and refuses a larger body with 413', async () => {
    const fieldId = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
    // 500 fields of 10,000 characters, each escaped by JSON to six bytes: the worst case.
    const fields = Array.from({ length: 500 }, (_, index) => ({
      name: 'n',
      code: `F${index}`,
      fieldId,
      value: '\u0001'.repeat(10_000),
    }));
    const input = {
      profileId: '00000000-0000-4000-8000-000000000000',
      processId: fieldId,
      stepId: fieldId,
      intentId: '00000000-0000-4000-8000-000000000001',
      fields,
    };
    const body = JSON.stringify(input);
    expect(body.length).toBeGreaterThan(30_000_000);
    const largest = await bridge('steps.complete', {}, body);
    expect(largest.statusCode).toBe(200);
    // Past the door: the contract accepted it and only the unknown profile stops it.
    expect(await largest.body.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const tooLarge = await bridge('steps.complete', {}, body.padEnd(maxBridgeBodyBytes + 1, ' '));
    expect(tooLarge.statusCode).toBe(413);
    expect(await tooLarge.body.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('serves the page with the strict CSP and never a file outside the renderer', async () => {
    const page = await request(`http://127.0.0.1:${shell.port}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    await page.body.dump();
    const escape = await request(`http://127.0.0.1:${shell.port}/..%2f..%2fetc%2fpasswd`);
    expect(escape.statusCode).toBe(404);
    await escape.body.dump();
    // A doubled slash (a mistyped address) is a page not found, not a failure of the console.
    const doubled = await request(`http://127.0.0.1:${shell.port}//`);
    expect(doubled.statusCode).toBe(404);
    await doubled.body.dump();
  });

  it('listens on 127.0.0.1 only', async () => {
    expect(shell.server.address()).toMatchObject({ address: '127.0.0.1' });
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (external) {
      await expect(request(`http://${external.address}:${shell.port}/`)).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
    }
  });
});

describe('browser shell events', () => {
  it('streams events to a page holding the token, and refuses one without it', async () => {
    const refused = await request(`http://127.0.0.1:${shell.port}/bridge-events`);
    expect(refused.statusCode).toBe(401);
    await refused.body.dump();

    const stream = await request(`http://127.0.0.1:${shell.port}/bridge-events`, {
      headers: { authorization: `Bearer ${shell.token}` },
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    let text = '';
    stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    // The shell writes this comment in the same turn as it subscribes the stream to the events.
    await waitFor(() => text.includes(': connected'), { what: "the stream's ': connected' comment" });
    core.events.emit('menu.saveDocument', {});
    await waitFor(() => text.includes('event: menu.saveDocument'), { what: 'the menu.saveDocument event' });
    expect(text).toContain('event: menu.saveDocument\ndata: {}');
    stream.body.destroy();
  });
});

describe('a port that is taken', () => {
  it('is refused with a sentence that says what to do, not a stack trace', async () => {
    const second = startWebShell({
      port: shell.port,
      rendererDir: mkdtempSync(join(tmpdir(), 'pc-renderer-')),
      dispatch: (name, input) => dispatch(core, name, input),
      subscribe: (forward) => core.events.subscribe(forward),
    });
    await expect(second).rejects.toMatchObject({
      message: `Port ${shell.port} on 127.0.0.1 is in use by another program; choose another with --port N, or --port 0 for any free port.`,
    });
  });
});
