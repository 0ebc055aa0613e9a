import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici';
import type { Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';
import { notReadablePem, readCaPem } from '../profiles/ca-file';

/**
 * The largest text answer the client reads (send.ts); anything bigger is a bad response, not an
 * out-of-memory. An answer kept as bytes has its caller's limit instead.
 */
export const maxResponseBytes = 32 * 1024 * 1024;

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
export function createDispatcherCache(): DispatcherCache {
  const cache = new Map<string, CachedDispatcher>();
  return {
    get(profile) {
      const cached = cache.get(profile.id);
      if (cached?.updatedAt === profile.updatedAt) return cached.dispatcher;
      // The old one finishes what it has in flight, then closes; new calls use the new settings.
      if (cached) void cached.dispatcher.close().catch(() => undefined);
      const dispatcher = buildDispatcher(profile);
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
export function buildDispatcher(profile: Profile): Dispatcher {
  const { connectMs, headersMs, bodyIdleMs } = profile.timeouts;
  const ca = profile.caFile ? readCaFile(profile) : undefined;
  // The file adds to the built-in roots rather than replacing them, so a tenant on a public CA
  // keeps working when a private CA (e.g. a TLS-inspecting proxy's) is also set.
  const tls = { timeout: connectMs, ...(ca ? { ca: [...rootCertificates, ca] } : {}) };
  const options = {
    connect: tls,
    headersTimeout: headersMs,
    bodyTimeout: bodyIdleMs,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    // No maxResponseSize: undici's counts every answer alike, and a document's answer may be longer
    // than a text answer's cap. send.ts caps each answer; the description fetch caps its own.
  };
  switch (profile.proxy.mode) {
    case 'none':
      return new Agent(options);
    case 'system':
      // HTTP(S)_PROXY / NO_PROXY from the environment; the target's TLS keeps the profile's CA.
      return new EnvHttpProxyAgent({ ...options, requestTls: tls, proxyTls: { timeout: connectMs } });
    case 'url':
      return new ProxyAgent({
        ...options,
        uri: profile.proxy.url,
        requestTls: tls,
        proxyTls: { timeout: connectMs },
      });
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
