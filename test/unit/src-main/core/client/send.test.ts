import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../../../../../src-main/core/client/send';
import { Failure } from '../../../../../src-main/core/failure';
import { serveForSend, type startFake } from './helpers';

/*
 * The one place the client meets undici (send.ts): what comes back must be what the service sent,
 * byte for byte and character for character, however the answer is cut into chunks, and "sent"
 * must mean the request left, because a change's ambiguity rests on it.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function serve(handler: Parameters<typeof startFake>[0]) {
  return serveForSend(handler, cleanups);
}

describe('sending one request and reading its whole answer', () => {
  it('decodes text cut inside a character, drops a byte order mark and joins repeated headers', async () => {
    const text = '{"name":"Zoë ✓ 😀"}';
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const { agent, outgoing } = await serve((_request, response) => {
      response.writeHead(200, [
        ['content-type', 'application/json'],
        ['X-Trace', 'a'],
        ['x-trace', 'b'],
      ]);
      // The emoji's four bytes arrive in two chunks.
      const cut = bytes.length - 4;
      response.write(bytes.subarray(0, cut));
      setImmediate(() => response.end(bytes.subarray(cut)));
    });
    let sent = 0;
    const answer = await send(agent, outgoing(), () => (sent += 1));
    expect(answer).toMatchObject({ status: 200, text, size: bytes.length });
    expect(answer.headers['x-trace']).toBe('a, b');
    expect(answer.bytes).toBeUndefined();
    expect(sent).toBe(1);
  });

  it('waits past an informational answer for the real one', async () => {
    const { agent, outgoing } = await serve((_request, response) => {
      response.writeEarlyHints({ link: '</style.css>; rel=preload' });
      response.writeHead(201, { 'content-type': 'text/plain' });
      response.end('made');
    });
    expect(await send(agent, outgoing({ method: 'POST', body: '{}' }), () => {})).toMatchObject({
      status: 201,
      text: 'made',
    });
  });

  it('keeps a 2xx answer as bytes of their own when asked, and any other answer as text', async () => {
    const { agent, outgoing } = await serve((request, response) => {
      response.writeHead(request.url.endsWith('missing') ? 404 : 200);
      response.end('<a/>');
    });
    const limit = { limit: 100, refuse: (n: number) => new Failure('bad_response', `${n} bytes.`) };
    const found = await send(agent, outgoing(), () => {}, limit);
    expect(found.bytes?.byteLength).toBe(4);
    expect(new TextDecoder().decode(found.bytes)).toBe('<a/>');
    const missing = await send(agent, outgoing({ path: '/missing' }), () => {}, limit);
    expect(missing).toMatchObject({ status: 404, text: '<a/>' });
    expect(missing.bytes).toBeUndefined();
  });

  it('stops with the signal reason, before the request leaves or while the answer arrives', async () => {
    const { fake, agent, outgoing } = await serve((_request, response) => {
      response.writeHead(200);
      response.write('part');
      // Never ends: only the signal stops this answer.
    });
    const before = new AbortController();
    before.abort(new Error('cancelled before'));
    let sent = false;
    await expect(send(agent, outgoing({ signal: before.signal }), () => (sent = true))).rejects.toThrow(
      'cancelled before',
    );
    expect(sent).toBe(false);
    expect(fake.seen).toHaveLength(0);

    const during = new AbortController();
    const answer = send(agent, outgoing({ signal: during.signal }), () => (sent = true));
    while (fake.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    during.abort(new Error('cancelled during'));
    await expect(answer).rejects.toThrow('cancelled during');
    expect(sent).toBe(true);
  });

  it('says nothing was sent when the connection is refused', async () => {
    const { fake, agent, outgoing } = await serve(() => {});
    await fake.close();
    let sent = false;
    await expect(send(agent, outgoing(), () => (sent = true))).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect(sent).toBe(false);
  });
});
