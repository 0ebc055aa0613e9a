import { describe, expect, it } from 'vitest';
import { environmentProxyResolver, parsePacResult } from '../../../../../src-main/core/client/proxy-routes';

describe('a PAC result', () => {
  it.each([
    ['DIRECT', [{ kind: 'direct' }], []],
    [
      'PROXY proxy.council.example:8080; DIRECT',
      [{ kind: 'proxy', origin: 'http://proxy.council.example:8080' }, { kind: 'direct' }],
      [],
    ],
    ['HTTPS secure.example:443', [{ kind: 'proxy', origin: 'https://secure.example:443' }], []],
    // Chromium writes `PROXY host:port`; lower case and extra spaces are read alike.
    [
      '  proxy 10.0.0.1:3128 ;direct ',
      [{ kind: 'proxy', origin: 'http://10.0.0.1:3128' }, { kind: 'direct' }],
      [],
    ],
    ['SOCKS5 10.0.0.2:1080; DIRECT', [{ kind: 'direct' }], ['SOCKS5 10.0.0.2:1080']],
    ['SOCKS 10.0.0.2:1080', [], ['SOCKS 10.0.0.2:1080']],
    [
      'QUIC q.example:443; PROXY [::1]:3128',
      [{ kind: 'proxy', origin: 'http://[::1]:3128' }],
      ['QUIC q.example:443'],
    ],
    ['PROXY', [], ['PROXY']],
  ])('%s', (result, hops, unsupported) => {
    expect(parsePacResult(result)).toEqual({ hops, unsupported });
  });
});

describe('the environment as the browser shell reads it', () => {
  const resolve = (env: NodeJS.ProcessEnv, url: string) => environmentProxyResolver(env)(url);

  it('uses HTTPS_PROXY for https, HTTP_PROXY for http, upper or lower case', async () => {
    const env = { HTTPS_PROXY: 'http://secure-proxy:8443', http_proxy: 'http://plain-proxy:3128' };
    expect(await resolve(env, 'https://tenant.example.com/')).toBe('PROXY secure-proxy:8443');
    expect(await resolve(env, 'http://tenant.example.com/')).toBe('PROXY plain-proxy:3128');
    expect(await resolve({ https_proxy: 'https://tls-proxy:443' }, 'https://t.example/')).toBe(
      'HTTPS tls-proxy:443',
    );
    // HTTPS_PROXY falls back to HTTP_PROXY; a bare host:port is an http proxy.
    expect(await resolve({ HTTP_PROXY: 'proxy:3128' }, 'https://t.example/')).toBe('PROXY proxy:3128');
    expect(await resolve({}, 'https://t.example/')).toBe('DIRECT');
  });

  it('goes direct for NO_PROXY hosts, subdomains, ports and *, and always for loopback', async () => {
    const env = {
      HTTPS_PROXY: 'http://proxy:3128',
      NO_PROXY: 'internal.example, .corp.example,*.lan other:8443',
    };
    for (const [url, expected] of [
      ['https://internal.example/', 'DIRECT'],
      ['https://api.internal.example/', 'DIRECT'],
      ['https://corp.example/', 'DIRECT'],
      ['https://a.b.corp.example/', 'DIRECT'],
      ['https://printer.lan/', 'DIRECT'],
      ['https://other:8443/', 'DIRECT'],
      ['https://other/', 'PROXY proxy:3128'],
      ['https://notinternal.example/', 'PROXY proxy:3128'],
      ['https://localhost:4000/', 'DIRECT'],
      ['http://127.0.0.1:4000/', 'DIRECT'],
    ]) {
      expect(await resolve(env, url!), url).toBe(expected);
    }
    expect(await resolve({ HTTPS_PROXY: 'http://proxy:3128', no_proxy: '*' }, 'https://t.example/')).toBe(
      'DIRECT',
    );
  });

  it('names a proxy variable it cannot read, without its credentials', async () => {
    const answer = await resolve({ HTTPS_PROXY: 'http://jo:secret@proxy:3128/path' }, 'https://t.example/');
    expect(answer).toBe('UNREADABLE http://proxy:3128/path');
    expect(parsePacResult(answer).hops).toEqual([]);
  });
});
