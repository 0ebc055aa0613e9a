import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A route of the tiny description server: status, content type and body (or a writer). */
export interface DescriptionRoute {
  status?: number;
  type?: string;
  body?: string;
  write?: (response: ServerResponse) => void;
  /** Answer 401 unless the request carries this header. */
  requireHeader?: string;
}

/** A loopback HTTP server that serves what a test says at each path, and records what it saw. */
export interface DescriptionServer {
  url: string;
  port: number;
  routes: Map<string, DescriptionRoute>;
  /** Every path asked for, with whether it carried an x-api-key header. */
  seen: { path: string; withKey: boolean }[];
  /** What unlisted paths answer (404 by default). */
  fallback: DescriptionRoute;
  close(): Promise<void>;
}

/** Starts the server on a free loopback port. */
export async function startDescriptionServer(): Promise<DescriptionServer> {
  const routes = new Map<string, DescriptionRoute>();
  const seen: DescriptionServer['seen'] = [];
  const state = { fallback: { status: 404, type: 'text/plain', body: 'Not found' } as DescriptionRoute };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    seen.push({ path, withKey: request.headers['x-api-key'] !== undefined });
    const route = routes.get(path) ?? state.fallback;
    if (route.requireHeader && request.headers[route.requireHeader] === undefined) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"error":{"code":"unauthorized"}}');
      return;
    }
    if (route.write) return route.write(response);
    response.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'application/json' });
    response.end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    routes,
    seen,
    get fallback() {
      return state.fallback;
    },
    set fallback(route: DescriptionRoute) {
      state.fallback = route;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
