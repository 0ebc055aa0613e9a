import { createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP server that accepts connections and never answers (test only): the fault of a service that
 * hangs, which the reference service cannot produce on demand. `accepted` counts the connections.
 */
export interface SilentServer {
  url: string;
  accepted: () => number;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    // Reads and drops what is sent, so the client's request is fully written and then waits.
    socket.on('data', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
