import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver does with a call. */
export type Behaviour = 'ok' | 'error' | 'hang';

/** A call the receiver got. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload is asserted by value.
  body: any;
}

/** A real local HTTP receiver for REST API steps (the back office in these tests). */
export interface Receiver {
  url: string;
  received: Received[];
  behaviour: Behaviour;
  /** JSON body of a successful answer. */
  reply: unknown;
  /** Extra headers of every answer (e.g. Set-Cookie). */
  replyHeaders: Record<string, string>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 and a free port. */
export async function startReceiver(
  behaviour: Behaviour = 'ok',
  reply: unknown = { caseReference: 'BO-42' },
): Promise<Receiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received: [],
    behaviour,
    reply,
    replyHeaders: {},
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      receiver.received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text || 'null'),
      });
      if (receiver.behaviour === 'hang') {
        hanging.add(response);
        return;
      }
      const status = receiver.behaviour === 'ok' ? 200 : 500;
      const body = receiver.behaviour === 'ok' ? receiver.reply : { message: 'The back office failed.' };
      response
        .writeHead(status, { ...receiver.replyHeaders, 'content-type': 'application/json' })
        .end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbox`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      hanging.forEach((response) => response.destroy());
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** A URL on which nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/inbox`;
}
