import { createServer, request as forward, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A tiny HTTP proxy on 127.0.0.1 that writes down everything a client hands it: the head of each
 * plain (absolute-form) request, and for a CONNECT tunnel its head plus every byte the client sends
 * through it. For an http target those bytes are the tunnelled requests in clear text, so a test can
 * search them for a key, as anyone running a proxy could. Targets are limited to loopback addresses.
 */

/** A running logging proxy. */
export interface LoggingProxy {
  /** `http://127.0.0.1:<port>`, for a profile's proxy setting. */
  url: string;
  /** Everything seen so far, as text (request heads and tunnelled bytes), in arrival order. */
  seen(): string;
  /** How many requests or tunnels reached it. */
  readonly count: number;
  close(): Promise<void>;
}

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** How the proxy asks for sign-in, as a council's might; absent, it lets everyone through. */
export interface ProxySignInRule {
  /** Basic sign-in with this user name and password (anything else gets a 407 Basic challenge). */
  basic?: { username: string; password: string };
  /** Answers every request 407 with these Proxy-Authenticate values (`Negotiate`, `NTLM`). */
  challenge?: string[];
}

/** Starts the proxy on a free loopback port. */
export async function startLoggingProxy(signIn: ProxySignInRule = {}): Promise<LoggingProxy> {
  const log: string[] = [];
  const sockets = new Set<Socket>();
  let count = 0;
  const head = (message: IncomingMessage) =>
    `${message.method} ${message.url}\r\n${Object.entries(message.headers)
      .map(([name, value]) => `${name}: ${String(value)}`)
      .join('\r\n')}\r\n\r\n`;

  // The 407 a refused request gets, or null when it may pass.
  const refusal = (message: IncomingMessage): string | null => {
    const challenges = signIn.challenge ?? (signIn.basic ? ['Basic realm="council"'] : []);
    if (challenges.length === 0) return null;
    if (signIn.basic) {
      const { username, password } = signIn.basic;
      const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
      if (message.headers['proxy-authorization'] === expected) return null;
    }
    const lines = challenges.map((challenge) => `Proxy-Authenticate: ${challenge}\r\n`).join('');
    return `HTTP/1.1 407 Proxy Authentication Required\r\n${lines}Content-Length: 0\r\n\r\n`;
  };

  const server = createServer((incoming, outgoing) => {
    count += 1;
    log.push(head(incoming));
    if (refusal(incoming)) return void outgoing.writeHead(407).end();
    const target = new URL(incoming.url ?? '/', 'http://invalid');
    if (!loopback.has(target.hostname)) return void outgoing.writeHead(403).end();
    const upstream = forward(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });

  server.on('connect', (incoming: IncomingMessage, client: Socket, early: Buffer) => {
    count += 1;
    log.push(head(incoming));
    const refused = refusal(incoming);
    if (refused) return void client.end(refused);
    const [host, port] = (incoming.url ?? '').split(/:(?=\d+$)/);
    if (!host || !loopback.has(host)) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    const upstream = connect(Number(port), host === 'localhost' ? '127.0.0.1' : host.replace(/[[\]]/g, ''));
    sockets.add(client).add(upstream);
    const record = (chunk: Buffer) => log.push(chunk.toString('latin1'));
    upstream.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (early.length) {
        record(early);
        upstream.write(early);
      }
      client.on('data', record);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', () => sockets.delete(client));
    upstream.on('error', end).on('close', () => sockets.delete(upstream));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen: () => log.join(''),
    get count() {
      return count;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
