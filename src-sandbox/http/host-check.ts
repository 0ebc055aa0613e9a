import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/api-error';
import { sendApiError } from './errors';

/** A public name the service answers besides its loopback names (`--public-host NAME[:PORT]`). */
export interface PublicHost {
  name: string;
  port?: number;
}

const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const publicHostPattern = new RegExp(`^(${label}(?:\\.${label})*|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, 'i');

/** Parses `--public-host NAME[:PORT]`; a readable Error when it is not one. */
export function parsePublicHost(text: string): PublicHost {
  const match = publicHostPattern.exec(text.trim());
  const port = match?.[2] === undefined ? undefined : Number(match[2]);
  if (!match || (port !== undefined && (port < 1 || port > 65535))) {
    throw new Error(
      `--public-host must be a host name with an optional port, such as sandbox.example.org or ` +
        `sandbox.example.org:8443; "${text}" is not one.`,
    );
  }
  return { name: match[1]!.toLowerCase(), port };
}

/**
 * The Host header values the service answers. A page on another site whose name is made to
 * resolve to this machine (DNS rebinding) sends its own name as Host; answering only our own
 * names keeps such a page away from the forms, Swagger and the API.
 */
export class HostAllowList {
  private readonly allowed = new Set<string>();
  private readonly anyPort = new Set<string>();
  private loopbackNames = '127.0.0.1, localhost or [::1] (on any port)';

  /**
   * Called once the service listens, when its port is known. Loopback names are answered on any
   * port: a rebinding page always sends its own name, while a port forward or a test proxy on
   * this machine sends a loopback name with its own port, and could reach the service anyway.
   */
  listening(port: number, address: string, publicHost: PublicHost | undefined): void {
    const names = ['127.0.0.1', 'localhost', '[::1]'];
    // A specific address (not a wildcard) is a name only this machine's network can use.
    if (!/^(0\.0\.0\.0|::|)$/.test(address)) names.push(address.includes(':') ? `[${address}]` : address);
    for (const name of names) this.anyPort.add(name.toLowerCase());
    if (publicHost) {
      if (publicHost.port !== undefined) this.allowed.add(`${publicHost.name}:${publicHost.port}`);
      else this.allowed.add(publicHost.name).add(`${publicHost.name}:${port}`);
    }
    this.loopbackNames = `127.0.0.1, localhost or [::1] (on any port; this service listens on ${port})`;
  }

  /** Whether a request's Host header names this service. */
  allows(host: string | undefined): boolean {
    if (host === undefined) return false;
    const lower = host.toLowerCase();
    const name = /^(\[[^\]]*\]|[^:]*)(?::\d{1,5})?$/.exec(lower)?.[1];
    return this.allowed.has(lower) || (name !== undefined && this.anyPort.has(name));
  }

  /** The refusal: 421, without echoing the Host that was sent. */
  refusal(): ApiError {
    return new ApiError(
      421,
      'misdirected_request',
      `This service answers only requests addressed to ${this.loopbackNames} (or to the name given ` +
        'with --public-host); use one of those addresses.',
    );
  }
}

/** Refuses, before anything else runs, every request whose Host is not one of ours. */
export function installHostCheck(app: FastifyInstance, hosts: HostAllowList): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (hosts.allows(request.headers.host)) return done();
    sendApiError(reply, hosts.refusal());
  });
}
