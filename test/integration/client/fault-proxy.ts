import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy that forwards HTTP/1.1 byte for byte and, for the requests a chooser picks, injects
 * a fault AFTER the whole request has reached the service: the service acts, the client loses the
 * answer. This is what a flaky network or gateway does to a change, on demand.
 */

/** What happens to a picked request. */
export type Fault =
  | 'none'
  /** The client's socket is reset once the request is forwarded (sometimes before, sometimes after the service answers). */
  | 'reset'
  /** The service's answer is swallowed; the client waits past its deadline. */
  | 'stall'
  /** The service's answer is replaced by a 502 once it has arrived (the service already committed). */
  | 'bad-gateway'
  /** The request never reaches the service; the client's socket is reset (it cannot tell this from 'reset'). */
  | 'drop'
  /** The request is forwarded late (a slow network); nothing else changes. */
  | 'delay';

/** The request line of one HTTP request, for the chooser. */
export interface SeenLine {
  method: string;
  path: string;
}

/** A running proxy. */
export interface FaultProxy {
  url: string;
  /** Faults injected so far, by kind. */
  injected: Record<Fault, number>;
  close(): Promise<void>;
}

/** Starts the proxy on a free loopback port in front of `target` (host:port). */
export async function startFaultProxy(
  target: { host: string; port: number },
  choose: (line: SeenLine) => Fault,
  /** How long a 'delay' holds a request (default: up to 30 ms). */
  delayMs: () => number = () => Math.random() * 30,
): Promise<FaultProxy> {
  const injected: Record<Fault, number> = {
    none: 0,
    reset: 0,
    stall: 0,
    'bad-gateway': 0,
    drop: 0,
    delay: 0,
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    /** Once a fault fires, the service's bytes no longer reach the client. */
    let faulted = false;
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => {
      sockets.delete(client);
      // Let the service finish answering a faulted request before hanging up on it.
      setTimeout(() => upstream.destroy(), faulted ? 2_000 : 0).unref();
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      if (!faulted) client.destroy();
    });
    client.on('error', end);
    upstream.on('error', () => client.destroy());
    upstream.on('data', (chunk: Buffer) => {
      if (!faulted) client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (faulted) return;
      pending = Buffer.concat([pending, chunk]);
      for (let request = takeRequest(pending); request; request = takeRequest(pending)) {
        pending = pending.subarray(request.bytes.length);
        const fault = choose(request.line);
        if (fault === 'none') {
          upstream.write(request.bytes);
          continue;
        }
        if (fault === 'delay') {
          // One request at a time per connection (undici does not pipeline), so order is kept.
          injected.delay += 1;
          const { bytes } = request;
          setTimeout(() => upstream.write(bytes), delayMs());
          continue;
        }
        injected[fault] += 1;
        faulted = true;
        inject(fault, request.bytes, client, upstream);
        return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    injected,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function inject(
  fault: Exclude<Fault, 'none' | 'delay'>,
  bytes: Buffer,
  client: Socket,
  upstream: Socket,
): void {
  if (fault === 'drop') {
    client.resetAndDestroy();
    return;
  }
  if (fault === 'reset') {
    // Forwarded (flushed to the kernel), then reset: half the time at once, half after the answer.
    const early = Math.random() < 0.5;
    upstream.write(bytes, () => {
      if (early) client.resetAndDestroy();
    });
    if (!early) upstream.once('data', () => client.resetAndDestroy());
    return;
  }
  upstream.write(bytes);
  if (fault === 'stall') return;
  // bad-gateway: wait for the service's whole answer (it goes quiet), then lie to the client.
  let quiet: NodeJS.Timeout | undefined;
  upstream.on('data', () => {
    clearTimeout(quiet);
    quiet = setTimeout(() => {
      const body = '{"message":"Bad gateway"}';
      client.end(
        `HTTP/1.1 502 Bad Gateway\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
      );
    }, 20);
  });
}

/** Splits one whole request (head and Content-Length body) off the front of `buffer`. */
function takeRequest(buffer: Buffer): { bytes: Buffer; line: SeenLine } | null {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = buffer.subarray(0, headEnd).toString('latin1');
  const [method = '', path = ''] = head.split('\r\n', 1)[0]!.split(' ');
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  const total = headEnd + 4 + length;
  if (buffer.length < total) return null;
  return { bytes: buffer.subarray(0, total), line: { method, path } };
}
