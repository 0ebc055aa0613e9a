import type { SecureContext } from 'node:tls';
import { Agent, Dispatcher } from 'undici';
import type { Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';
import { notReadablePem, readCaPem } from '../profiles/ca-file';
import { parsePacResult, proxyOrigin, type ProxyHop, type ProxyResolver } from './proxy-routes';
import { ProxyFailure, routeConnector, type RouteOptions } from './proxy-tunnel';
import { secureContextFor } from './trusted-roots';

/**
 * The largest text answer the client reads (send.ts); anything bigger is a bad response, not an
 * out-of-memory. An answer kept as bytes has its caller's limit instead.
 */
export const maxResponseBytes = 32 * 1024 * 1024;

/**
 * What the network gives the client: the system's proxy for a URL (the desktop shell asks the OS,
 * the browser shell reads HTTPS_PROXY and NO_PROXY), and the Basic credentials stored for a
 * proxy's origin. Ports, so core knows no Electron.
 */
export interface NetworkPorts {
  resolveProxy: ProxyResolver;
  /** Where the system's proxy comes from, as a sentence names it ("this computer's proxy settings"). */
  proxySource: string;
  /** The `Basic …` value stored for a proxy origin, or null. */
  proxyAuthorization(proxyOrigin: string): Promise<string | null>;
}

/** One undici dispatcher per profile, rebuilt when the profile changes. */
export interface DispatcherCache {
  get(profile: Profile): Dispatcher;
  /** Closes every dispatcher, letting requests in flight finish. */
  close(): Promise<void>;
}

interface CachedDispatcher {
  updatedAt: string;
  dispatcher: Dispatcher;
}

/**
 * Creates the per-profile dispatcher cache (STYLE rule 7: one dispatcher, configured once per
 * profile). TLS verification is always on: no option here or in a profile can turn it off.
 */
export function createDispatcherCache(network: NetworkPorts): DispatcherCache {
  const cache = new Map<string, CachedDispatcher>();
  return {
    get(profile) {
      const cached = cache.get(profile.id);
      if (cached?.updatedAt === profile.updatedAt) return cached.dispatcher;
      // The old one finishes what it has in flight, then closes; new calls use the new settings.
      if (cached) void cached.dispatcher.close().catch(() => undefined);
      const dispatcher = buildDispatcher(profile, network);
      cache.set(profile.id, { updatedAt: profile.updatedAt, dispatcher });
      return dispatcher;
    },
    async close() {
      const all = [...cache.values()];
      cache.clear();
      await Promise.all(all.map((entry) => entry.dispatcher.close().catch(() => undefined)));
    },
  };
}

/** Builds the dispatcher a profile's settings describe (exported for tests). */
export function buildDispatcher(profile: Profile, network: NetworkPorts): Dispatcher {
  const { connectMs, headersMs, bodyIdleMs } = profile.timeouts;
  // The file adds to the trusted roots rather than replacing them, so a tenant on a public CA
  // keeps working when a private CA is also set.
  // Read now, so a missing file fails at once with its sentence; the roots wait for a TLS call.
  const caPem = profile.caFile ? readCaFile(profile) : null;
  let context: SecureContext | undefined;
  const secureContext = () => (context ??= secureContextFor(caPem));
  const agentFor = (proxy?: RouteOptions['proxy']) =>
    new Agent({
      connect: routeConnector({ secureContext, connectMs, proxy }),
      headersTimeout: headersMs,
      bodyTimeout: bodyIdleMs,
      keepAliveTimeout: 10_000,
      keepAliveMaxTimeout: 60_000,
      // No maxResponseSize: undici's counts every answer alike, and a document's answer may be
      // longer than a text answer's cap. send.ts caps each answer; the description fetch its own.
    });
  const viaProxy = (hop: ProxyHop, source: string) =>
    hop.kind === 'direct'
      ? agentFor()
      : agentFor({
          origin: hop.origin,
          source,
          authorization: () => network.proxyAuthorization(hop.origin),
        });
  switch (profile.proxy.mode) {
    case 'none':
      return agentFor();
    case 'system':
      return new RoutedDispatcher(network.resolveProxy, network.proxySource, (hop) =>
        viaProxy(hop, network.proxySource),
      );
    case 'url': {
      // The schema accepted only http(s) URLs without a user, so this is an origin.
      const origin = proxyOrigin(profile.proxy.url) ?? profile.proxy.url;
      return viaProxy({ kind: 'proxy', origin }, `profile "${profile.name}"`);
    }
  }
}

/** How long a system answer for one service is kept: PAC files rarely change within a minute. */
const routeLifetimeMs = 60_000;

/**
 * A dispatcher that asks the system which way each service goes (PAC, WPAD, bypass list) and
 * hands the request to the agent of that way: one per proxy, one for direct.
 */
class RoutedDispatcher extends Dispatcher {
  private readonly agents = new Map<string, Dispatcher>();
  private readonly routes = new Map<string, { until: number; hop: Promise<ProxyHop> }>();

  constructor(
    private readonly resolve: ProxyResolver,
    private readonly source: string,
    private readonly agentFor: (hop: ProxyHop) => Dispatcher,
  ) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.hopFor(String(options.origin)).then(
      (hop) => {
        const key = hop.kind === 'direct' ? 'DIRECT' : hop.origin;
        let agent = this.agents.get(key);
        if (!agent) this.agents.set(key, (agent = this.agentFor(hop)));
        agent.dispatch(options, handler);
      },
      (error: Error) => {
        // Nothing was sent: the handler hears it as undici reports a refused dispatch.
        const legacy = handler as { onError?: (error: Error) => void };
        if (legacy.onError) legacy.onError(error);
        else handler.onResponseError?.(null as never, error);
      },
    );
    return true;
  }

  private hopFor(origin: string): Promise<ProxyHop> {
    const cached = this.routes.get(origin);
    if (cached && cached.until > Date.now()) return cached.hop;
    const hop = this.resolve(`${origin}/`).then(
      (result) => {
        const route = parsePacResult(result);
        const first = route.hops[0];
        if (first) return first;
        throw new ProxyFailure('PROXY_UNSUPPORTED', {
          proxy: route.unsupported.join('; ') || '(no proxy given)',
          source: this.source,
        });
      },
      (error: unknown) => {
        throw new ProxyFailure('PROXY_UNRESOLVED', {
          proxy: '',
          source: this.source,
          reason: error instanceof Error ? error.message : String(error),
        });
      },
    );
    this.routes.set(origin, { until: Date.now() + routeLifetimeMs, hop });
    // A failed answer is not kept: the next call asks again.
    hop.catch(() => this.routes.delete(origin));
    return hop;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const closing = Promise.all([...this.agents.values()].map((agent) => agent.close())).then(
      () => undefined,
    );
    if (!callback) return closing;
    void closing.then(callback, callback);
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
    const error = typeof first === 'function' ? null : (first ?? null);
    const callback = typeof first === 'function' ? first : second;
    const destroying = Promise.all([...this.agents.values()].map((agent) => agent.destroy(error))).then(
      () => undefined,
    );
    if (!callback) return destroying;
    void destroying.then(callback, callback);
  }
}

/** Reads the PEM CA file of a profile, failing with the one sentence that names the file. */
function readCaFile(profile: Profile): string {
  const path = profile.caFile as string;
  const pem = readCaPem(path);
  // Checked when saved; this is the file changing since. Same sentence: no errno for an oracle.
  if (pem === null)
    throw new Failure('tls', `${notReadablePem(path)} Fix it in the profile "${profile.name}".`);
  return pem;
}
