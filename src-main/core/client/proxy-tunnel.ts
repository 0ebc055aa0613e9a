import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type PeerCertificate, type SecureContext } from 'node:tls';
import { buildConnector, errors } from 'undici';
import { untrustedCertificateCodes } from './classify';

/**
 * How a profile's connections are made: straight to the service, or through a CONNECT tunnel to
 * an HTTP(S) proxy. The tunnel is ours rather than undici's ProxyAgent: that one turns a proxy's
 * 407 into "Proxy response (407) !== 200" with its Proxy-Authenticate header dropped, so neither
 * the scheme it asks for (Basic, NTLM, Negotiate) nor the proxy could be named without reading
 * message text. TLS to the service is undici's own connector over the tunnel's socket.
 */

/** What a proxy did instead of opening the tunnel; `error.code` says which (classify.ts). */
export type ProxyFailureCode =
  'PROXY_AUTH_REQUIRED' | 'PROXY_REFUSED' | 'PROXY_UNREACHABLE' | 'PROXY_UNSUPPORTED' | 'PROXY_UNRESOLVED';

/** A proxy on the way failed; carries what the sentence needs, never a credential. */
export class ProxyFailure extends Error {
  constructor(
    readonly code: ProxyFailureCode,
    readonly facts: {
      /** `http://proxy.example:3128`, or the PAC entries when no proxy could be used. */
      proxy: string;
      /** Where the proxy came from, as a sentence names it ("this computer's proxy settings"). */
      source: string;
      status?: number;
      /** The schemes of its Proxy-Authenticate headers (`Basic`, `NTLM`, `Negotiate`). */
      schemes?: string[];
      /** Whether stored credentials went with the CONNECT that was refused. */
      credentialsSent?: boolean;
      /** The socket's own code when the proxy could not be reached. */
      reason?: string;
    },
  ) {
    super(`${code} ${facts.proxy}`);
    this.name = 'ProxyFailure';
  }
}

/** A proxy to tunnel through, with the Basic credentials stored for its origin, if any. */
export interface TunnelProxy {
  origin: string;
  source: string;
  /** `Basic …`, sent on CONNECT only: it never reaches the service or the request log. */
  authorization: string | null;
}

/** Options of {@link routeConnector}. */
export interface RouteOptions {
  /** Built on the first TLS connection: a plain-http profile never reads the OS store. */
  secureContext: () => SecureContext;
  connectMs: number;
  /** Absent: straight to the service. The proxy's credentials are looked up on each connect. */
  proxy?: { origin: string; source: string; authorization: () => Promise<string | null> };
}

/**
 * An undici connector for one route. A certificate the trusted roots do not vouch for fails with
 * the name of its issuer attached (`issuer`), learnt by a second handshake that sends nothing.
 */
export function routeConnector(options: RouteOptions): buildConnector.connector {
  const { secureContext, connectMs, proxy } = options;
  let tlsEndpoint: buildConnector.connector | undefined;
  const plainEndpoint = buildConnector({ timeout: connectMs });
  const endpoint: buildConnector.connector = (target, callback) => {
    if (target.protocol !== 'https:') return plainEndpoint(target, callback);
    tlsEndpoint ??= buildConnector({ timeout: connectMs, secureContext: secureContext() });
    tlsEndpoint(target, callback);
  };
  return (target, callback) => {
    const service = { host: bareHost(target.hostname), port: Number(target.port) || defaultPort(target) };
    const servername = target.servername ?? (isIp(service.host) ? undefined : service.host);
    if (!proxy) {
      if (target.protocol !== 'https:') return endpoint(target, callback);
      const probe = () => netConnect(service.port, service.host);
      return endpoint(target, withIssuer(callback, probe, servername, connectMs));
    }
    const open = async () => {
      const tunnel = { ...proxy, authorization: await proxy.authorization() };
      return { tunnel, socket: await openTunnel(tunnel, service, secureContext, connectMs) };
    };
    open().then(
      ({ tunnel, socket }) => {
        if (target.protocol !== 'https:') return callback(null, socket);
        const probe = () => openTunnel(tunnel, service, secureContext, connectMs);
        endpoint({ ...target, httpSocket: socket }, withIssuer(callback, probe, servername, connectMs));
      },
      (error: Error) => callback(error, null),
    );
  };
}

/** Opens a CONNECT tunnel to `service` through the proxy, within `connectMs`. */
function openTunnel(
  proxy: TunnelProxy,
  service: { host: string; port: number },
  secureContext: () => SecureContext,
  connectMs: number,
): Promise<Socket> {
  const url = new URL(proxy.origin);
  const authority = `${service.host.includes(':') ? `[${service.host}]` : service.host}:${service.port}`;
  const headers: Record<string, string> = { host: authority };
  if (proxy.authorization) headers['proxy-authorization'] = proxy.authorization;
  const options = {
    host: bareHost(url.hostname),
    port: Number(url.port),
    method: 'CONNECT',
    path: authority,
    headers,
    agent: false as const,
    // An HTTPS proxy is checked with the same roots as the service.
    ...(url.protocol === 'https:' ? { secureContext: secureContext() } : {}),
    servername: isIp(bareHost(url.hostname)) ? undefined : bareHost(url.hostname),
  };
  return new Promise((resolve, reject) => {
    const connect = url.protocol === 'https:' ? httpsRequest(options) : httpRequest(options);
    const timer = setTimeout(
      () => connect.destroy(new errors.ConnectTimeoutError(`Connect through ${proxy.origin} timed out`)),
      connectMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    // Node emits 'connect' for a CONNECT's answer whatever its status, with the raw socket.
    connect.once('connect', (answer: IncomingMessage, socket: Socket, head: Buffer) => {
      clearTimeout(timer);
      const status = answer.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        if (head.length > 0) socket.unshift(head);
        return resolve(socket);
      }
      socket.destroy();
      const facts = { proxy: proxy.origin, source: proxy.source, status };
      if (status !== 407) return reject(new ProxyFailure('PROXY_REFUSED', facts));
      const schemes = challengeSchemes(answer.rawHeaders);
      const credentialsSent = proxy.authorization !== null;
      reject(new ProxyFailure('PROXY_AUTH_REQUIRED', { ...facts, schemes, credentialsSent }));
    });
    connect.once('error', (error: Error & { code?: string }) => {
      if (error instanceof errors.ConnectTimeoutError) return fail(error);
      // TLS to an HTTPS proxy keeps its own code: the sentence is about certificates.
      if (error.code && untrustedCertificateCodes.has(error.code)) return fail(error);
      fail(
        new ProxyFailure('PROXY_UNREACHABLE', {
          proxy: proxy.origin,
          source: proxy.source,
          reason: error.code ?? 'no error code',
        }),
      );
    });
    connect.end();
  });
}

/** The auth schemes a 407 offers, from its Proxy-Authenticate headers (`Basic realm="x"` → Basic). */
function challengeSchemes(rawHeaders: string[]): string[] {
  const schemes: string[] = [];
  for (let at = 0; at + 1 < rawHeaders.length; at += 2) {
    if (rawHeaders[at]!.toLowerCase() !== 'proxy-authenticate') continue;
    // One header may hold several challenges; a scheme is a token not followed by '='.
    for (const match of rawHeaders[at + 1]!.matchAll(/(?:^|,)\s*([A-Za-z][\w-]*)(?=\s|,|$)/g)) {
      const scheme = match[1]!;
      if (!schemes.some((known) => known.toLowerCase() === scheme.toLowerCase())) schemes.push(scheme);
    }
  }
  return schemes;
}

/**
 * Wraps a connector's callback: a certificate the roots do not vouch for gets the name of the CA
 * it chains to, from a handshake on a fresh socket that verifies nothing and sends no request.
 */
function withIssuer(
  callback: buildConnector.Callback,
  socket: () => Socket | Promise<Socket>,
  servername: string | undefined,
  connectMs: number,
): buildConnector.Callback {
  return (...args) => {
    const [error] = args;
    const code = (error as { code?: unknown } | null)?.code;
    if (!error || typeof code !== 'string' || !untrustedCertificateCodes.has(code)) return callback(...args);
    readIssuer(socket, servername, connectMs).then(
      (issuer) => callback(Object.assign(error, { issuer }), null),
      () => callback(error, null),
    );
  };
}

async function readIssuer(
  socket: () => Socket | Promise<Socket>,
  servername: string | undefined,
  connectMs: number,
): Promise<string | null> {
  const plain = await socket();
  return new Promise((resolve) => {
    // Only to read the chain it presents: nothing is written after the handshake.
    const secure = tlsConnect({ socket: plain, servername, rejectUnauthorized: false });
    const done = (issuer: string | null) => {
      clearTimeout(timer);
      secure.destroy();
      plain.destroy();
      resolve(issuer);
    };
    const timer = setTimeout(() => done(null), connectMs);
    secure.once('secureConnect', () => done(topIssuer(secure.getPeerCertificate(true))));
    secure.once('error', () => done(null));
    plain.once('error', () => done(null));
  });
}

/** The CA at the top of a presented chain: the root it names, or itself when it sent its root. */
function topIssuer(certificate: PeerCertificate | undefined): string | null {
  type Chained = PeerCertificate & { issuerCertificate?: Chained };
  let top = certificate as Chained | undefined;
  if (!top?.issuer) return null;
  for (let depth = 0; depth < 10; depth += 1) {
    const next: Chained | undefined = top.issuerCertificate;
    if (!next || next === top || next.fingerprint256 === top.fingerprint256) break;
    top = next;
  }
  const name = top.issuer;
  const common = name.CN ? `"${String(name.CN)}"` : null;
  const organisation = name.O ? String(name.O) : null;
  if (common && organisation) return `${common} (${organisation})`;
  return common ?? organisation;
}

function defaultPort(target: buildConnector.Options): number {
  return target.protocol === 'https:' ? 443 : 80;
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '');
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}
