import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, type Dispatcher } from 'undici';
import { send, type BytesLimit, type Outgoing } from '../../../../../src-main/core/client/send';
import { Failure } from '../../../../../src-main/core/failure';

/*
 * A hostile or broken service, byte for byte over a raw socket: whatever it sends, send.ts must
 * end the same way undici's request() (the path it replaced) did, so classify.ts sees the same
 * codes and the user the same sentences.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A TCP server that writes `answer` (raw bytes) once it has read a request's head. */
async function rawService(answer: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        head = '';
        answer(socket);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ maxHeaderSize: 16 * 1024 });
  cleanups.push(async () => {
    await agent.destroy();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { origin, agent };
}

const outgoing = (origin: string): Outgoing => ({
  origin,
  path: '/answer',
  method: 'GET',
  headers: {},
  body: null,
  signal: new AbortController().signal,
});

type Outcome = { status: number; text: string } | { failed: string };

const failed = (error: unknown): Outcome => {
  const { code, name } = error as { code?: string; name?: string };
  return { failed: code ?? name ?? 'unknown' };
};

/** What undici's request() made of the same answer (the path send.ts replaced). */
async function viaRequest(agent: Dispatcher, origin: string, bytes: boolean): Promise<Outcome> {
  try {
    const response = await agent.request({ origin, path: '/answer', method: 'GET' });
    const body = bytes ? Buffer.from(await response.body.arrayBuffer()) : await response.body.text();
    return { status: response.statusCode, text: body.toString() };
  } catch (error) {
    return failed(error);
  }
}

async function viaSend(agent: Dispatcher, origin: string, limit?: BytesLimit): Promise<Outcome> {
  try {
    const answer = await send(agent, outgoing(origin), () => {}, limit);
    const text = answer.bytes ? Buffer.from(answer.bytes).toString() : answer.text;
    return { status: answer.status, text };
  } catch (error) {
    return failed(error);
  }
}

const head = (status: string, ...lines: string[]) =>
  `HTTP/1.1 ${status}\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n`;

const answers: [string, (socket: Socket) => void][] = [
  [
    'stops half-way through an announced length',
    (s) => s.end(head('200 OK', 'content-length: 100') + 'x'.repeat(50)),
  ],
  ['closes before answering', (s) => s.end()],
  ['resets before answering', (s) => s.resetAndDestroy()],
  [
    'announces less than it sends',
    (s) => s.end(head('200 OK', 'content-length: 5', 'connection: close') + '0123456789'),
  ],
  [
    'sends 204 with a content-length and no body',
    (s) => s.write(head('204 No Content', 'content-length: 5')),
  ],
  [
    'sends 304 with a content-length and no body',
    (s) => s.write(head('304 Not Modified', 'content-length: 5')),
  ],
  [
    'cuts a chunked answer inside a chunk',
    (s) => s.end(head('200 OK', 'transfer-encoding: chunked') + 'a\r\n01234'),
  ],
  ['sends a body delimited by closing', (s) => s.end(head('200 OK', 'connection: close') + 'until the end')],
  [
    'sends headers larger than the limit',
    (s) => s.end(head('200 OK', `x-big: ${'b'.repeat(20_000)}`, 'content-length: 0')),
  ],
  ['sends 102 then 200', (s) => s.write(head('102 Processing') + head('200 OK', 'content-length: 2') + 'ok')],
  [
    'sends both content-length and chunked',
    (s) => s.end(head('200 OK', 'content-length: 3', 'transfer-encoding: chunked') + '3\r\nabc\r\n0\r\n\r\n'),
  ],
  [
    'sends two different content-lengths',
    (s) => s.end(head('200 OK', 'content-length: 3', 'content-length: 4') + 'abcd'),
  ],
  ['answers in HTTP/1.0 without a length', (s) => s.end('HTTP/1.0 200 OK\r\n\r\nold')],
  [
    'redirects elsewhere',
    (s) => s.write(head('302 Found', 'location: http://127.0.0.1:1/stolen', 'content-length: 0')),
  ],
  [
    'sends invalid UTF-8 after a byte order mark',
    (s) =>
      s.write(
        Buffer.concat([
          Buffer.from(head('200 OK', 'content-length: 7')),
          Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xff, 0xc3, 0x62]),
        ]),
      ),
  ],
  [
    'sends a UTF-16 byte order mark',
    (s) =>
      s.write(
        Buffer.concat([Buffer.from(head('200 OK', 'content-length: 3')), Buffer.from([0xfe, 0xff, 0x61])]),
      ),
  ],
  ['sends garbage instead of HTTP', (s) => s.end('SSH-2.0-OpenSSH_9.6\r\n')],
];

describe('a broken or hostile service, as request() saw it', () => {
  it.each(answers)('ends the same way when it %s (text)', async (_name, answer) => {
    const reference = await rawService(answer);
    const expected = await viaRequest(reference.agent, reference.origin, false);
    const { agent, origin } = await rawService(answer);
    expect(await viaSend(agent, origin)).toEqual(expected);
  });

  it.each(answers)('ends the same way when it %s (bytes)', async (_name, answer) => {
    const reference = await rawService(answer);
    const expected = await viaRequest(reference.agent, reference.origin, true);
    const { agent, origin } = await rawService(answer);
    const limit = { limit: 1 << 20, refuse: (n: number) => new Failure('bad_response', `${n} bytes.`) };
    expect(await viaSend(agent, origin, limit)).toEqual(expected);
  });
});
