/**
 * Which way a request to a URL goes: straight, or through which proxy. The desktop shell asks the
 * operating system (Electron's `session.resolveProxy`: PAC files, WPAD and the OS bypass list, as
 * GitHub Desktop and VS Code do); the browser shell reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY.
 * Both answer in Chromium's PAC result syntax, so one parser serves both.
 */

/**
 * The proxy for one URL, as a PAC result: `DIRECT`, `PROXY host:port; DIRECT`, `HTTPS host:port`.
 * A port core receives: core knows no Electron.
 */
export type ProxyResolver = (url: string) => Promise<string>;

/** One way to try, in order: straight to the service, or through an HTTP(S) proxy. */
export type ProxyHop = { kind: 'direct' } | { kind: 'proxy'; origin: string };

/** A PAC result read: the hops the console can use, and the entries it cannot (SOCKS, QUIC). */
export interface ProxyRoute {
  hops: ProxyHop[];
  /** Entries as written (`SOCKS5 10.0.0.1:1080`), for the sentence when no hop is left. */
  unsupported: string[];
}

/**
 * Reads a PAC result. `PROXY` is an HTTP proxy and `HTTPS` one spoken to over TLS; SOCKS and QUIC
 * entries are skipped (the client speaks neither), so `SOCKS5 a:1; DIRECT` goes direct and a
 * result of SOCKS entries only leaves no hop. Unreadable entries count as unsupported.
 */
export function parsePacResult(result: string): ProxyRoute {
  const hops: ProxyHop[] = [];
  const unsupported: string[] = [];
  for (const entry of result.split(';').map((part) => part.trim())) {
    if (!entry) continue;
    const [keyword = '', address = '', ...rest] = entry.split(/\s+/);
    const kind = keyword.toUpperCase();
    if (kind === 'DIRECT' && !address) hops.push({ kind: 'direct' });
    else if ((kind === 'PROXY' || kind === 'HTTPS') && address && rest.length === 0) {
      const origin = proxyOrigin(`${kind === 'HTTPS' ? 'https' : 'http'}://${address}`);
      if (origin) hops.push({ kind: 'proxy', origin });
      else unsupported.push(entry);
    } else unsupported.push(entry);
  }
  return { hops, unsupported };
}

/** `scheme://host:port` of a proxy address, or null when it is not one (a path, a user name). */
export function proxyOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.pathname.length > 1 || url.search || url.hash) return null;
    // The origin drops a default port; a proxy's port is always written, so keep it explicit.
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.protocol}//${url.hostname}:${port}`;
  } catch {
    return null;
  }
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The browser shell's resolver: HTTPS_PROXY for https URLs, HTTP_PROXY for http ones (upper or
 * lower case, as curl and undici read them), minus NO_PROXY. Loopback addresses always go direct,
 * as Chromium's implicit `<-loopback>` rule has them: the local reference service is never proxied.
 */
export function environmentProxyResolver(env: NodeJS.ProcessEnv = process.env): ProxyResolver {
  const read = (name: string) => env[name.toLowerCase()] ?? env[name.toUpperCase()] ?? '';
  const https = read('https_proxy') || read('http_proxy');
  const http = read('http_proxy');
  const bypass = parseNoProxy(read('no_proxy'));
  return async (value) => {
    const url = new URL(value);
    const proxy = url.protocol === 'https:' ? https : http;
    if (!proxy || loopbackHosts.has(url.hostname) || bypass(url)) return 'DIRECT';
    // A bare host:port is an http proxy, as curl reads it.
    const origin = proxyOrigin(/^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`);
    if (!origin) return `UNREADABLE ${proxy.replace(/\/\/[^@/]*@/, '//')}`;
    const [scheme, address] = origin.split('://');
    return `${scheme === 'https' ? 'HTTPS' : 'PROXY'} ${address}`;
  };
}

/**
 * NO_PROXY as curl and undici read it: entries split on commas or spaces; `*` matches every host;
 * `example.com`, `.example.com` and `*.example.com` match that domain and its subdomains; an entry
 * with `:port` matches that port only.
 */
function parseNoProxy(value: string): (url: URL) => boolean {
  const entries = value
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.includes('*')) return () => true;
  const rules = entries.map((entry) => {
    const match = /^(.*?)(?::(\d+))?$/.exec(entry)!;
    return { domain: match[1]!.replace(/^\*?\./, ''), port: match[2] };
  });
  return (url) => {
    const host = url.hostname.toLowerCase();
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return rules.some(
      (rule) =>
        (rule.port === undefined || rule.port === port) &&
        (host === rule.domain || host.endsWith(`.${rule.domain}`)),
    );
  };
}
