import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { TLSSocket, createSecureContext } from 'node:tls';

/**
 * A TLS-inspecting proxy, as councils run them: it accepts CONNECT for any host, answers the
 * client's handshake itself with a certificate its own root signed, reads the request in clear,
 * and passes it on to the service (here the reference service on a loopback port, in plain HTTP).
 * A client trusts it only if that root is in its trust store.
 */

/** A running intercepting proxy. */
export interface InterceptingProxy {
  url: string;
  /** How many tunnels it opened. */
  readonly count: number;
  close(): Promise<void>;
}

/** Starts the proxy on a free loopback port, signing with `key`/`cert`, forwarding to `servicePort`. */
export async function startInterceptingProxy(
  identity: { key: string; cert: string },
  servicePort: number,
): Promise<InterceptingProxy> {
  const secureContext = createSecureContext(identity);
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((_incoming, outgoing) => void outgoing.writeHead(405).end());
  server.on('connect', (_incoming: IncomingMessage, client: Socket) => {
    count += 1;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const secure = new TLSSocket(client, { isServer: true, secureContext });
    const service = connect(servicePort, '127.0.0.1');
    for (const socket of [client, secure, service]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    secure.pipe(service).pipe(secure);
    const end = () => {
      secure.destroy();
      service.destroy();
    };
    // A client that refuses the certificate ends the handshake: nothing reaches the service.
    secure.on('error', end);
    service.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get count() {
      return count;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
