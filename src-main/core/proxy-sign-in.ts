import type { Profile, ProxyCredentialsInput, ProxySignIn } from '../../src-shared/profile';
import type { Core } from './create-core';
import { Failure } from './failure';
import { parsePacResult, proxyOrigin } from './client/proxy-routes';

type Network = Pick<Core, 'network' | 'proxyCredentials' | 'vault'>;

/**
 * Which proxy a profile's requests go through now, asked as the client asks (the profile's own
 * proxy, or the system's for its base URL), and whether credentials are stored for that proxy.
 */
export async function proxySignIn(core: Network, profile: Profile): Promise<ProxySignIn> {
  const route = await proxyOf(core, profile);
  if (!route.proxy) return { ...route, stored: false };
  return { ...route, stored: await core.proxyCredentials.has(route.proxy) };
}

/**
 * Stores the user name and password for the proxy the profile goes through now, under that
 * proxy's origin: another proxy, later or for another profile, never receives them.
 */
export async function setProxyCredentials(
  core: Network,
  profile: Profile,
  credentials: ProxyCredentialsInput,
): Promise<ProxySignIn> {
  const route = await proxyOf(core, profile);
  if (!route.proxy) {
    throw new Failure(
      'invalid_input',
      route.problem ??
        `Profile "${profile.name}" reaches ${profile.baseUrl} without a proxy, so there is no proxy to sign in to.`,
    );
  }
  // The session's choice for API keys holds for the proxy's password too.
  await core.proxyCredentials.set(route.proxy, credentials, { sessionOnly: core.vault.sessionOnlyChoice() });
  return { ...route, stored: true };
}

/** Forgets the credentials of the proxy the profile goes through now. */
export async function clearProxyCredentials(core: Network, profile: Profile): Promise<ProxySignIn> {
  const route = await proxyOf(core, profile);
  if (route.proxy) await core.proxyCredentials.clear(route.proxy);
  return { ...route, stored: false };
}

async function proxyOf(core: Network, profile: Profile): Promise<Omit<ProxySignIn, 'stored'>> {
  switch (profile.proxy.mode) {
    case 'none':
      return { proxy: null, from: null, problem: null };
    case 'url':
      return { proxy: proxyOrigin(profile.proxy.url), from: 'profile', problem: null };
    case 'system': {
      let result: string;
      try {
        result = await core.network.resolveProxy(`${new URL(profile.baseUrl).origin}/`);
      } catch {
        const problem = `The console could not learn the proxy for ${profile.baseUrl} from ${core.network.proxySource}.`;
        return { proxy: null, from: 'system', problem };
      }
      const { hops, unsupported } = parsePacResult(result);
      const first = hops[0];
      if (first)
        return { proxy: first.kind === 'proxy' ? first.origin : null, from: 'system', problem: null };
      const problem = `${core.network.proxySource} name ${unsupported.join('; ')}, which the console cannot use: it speaks to HTTP and HTTPS proxies only.`;
      return { proxy: null, from: 'system', problem: problem[0]!.toUpperCase() + problem.slice(1) };
    }
  }
}
