import type { IncomingMessage } from 'node:http';
import type { Refusal } from './delivery-checks';

/** The Host names the receiver answers to: its own loopback names, on its own port. */
export function ownHosts(listenHost: string, port: number): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!['0.0.0.0', '::', ''].includes(listenHost)) {
    names.push(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
  }
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`));
}

/**
 * Refuses, before anything is read or recorded, what cannot be the service's REST API step: a
 * Host other than the receiver's own (a page on another name reaching it by DNS rebinding) and any
 * request carrying an Origin (a browser page; the step is a server-to-server call and sends none).
 */
export function guardProblem(request: IncomingMessage, hosts: ReadonlySet<string>): Refusal | null {
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || !hosts.has(host)) {
    const own = [...hosts][0] ?? 'its own address';
    return {
      status: 421,
      code: 'misdirected_request',
      reason: `This receiver answers only to its own address (${own}); the request named another host.`,
    };
  }
  if (request.headers.origin !== undefined) {
    return {
      status: 403,
      code: 'forbidden_origin',
      reason:
        'Deliveries come from the service, not from a browser page; requests with an Origin header are refused.',
    };
  }
  return null;
}
