import { describe, expect, it } from 'vitest';
import {
  confirmNameProblem,
  keyBindingChanges,
  keyClearedNote,
  type KeyRoute,
} from '../../../src-shared/key-binding';

const saved: KeyRoute = {
  baseUrl: 'https://tenant.example.com',
  proxy: { mode: 'none' },
  caFile: null,
  authScheme: 'headers',
  endpoints: {},
};

describe('keyBindingChanges: what a stored key is bound to', () => {
  it.each<[string, Partial<KeyRoute>, string[]]>([
    ['another origin', { baseUrl: 'https://tenant-example.com' }, ['address']],
    ['another port', { baseUrl: 'https://tenant.example.com:8443' }, ['address']],
    ['a proxy URL', { proxy: { mode: 'url', url: 'http://127.0.0.1:3128' } }, ['proxy']],
    ['the environment proxy', { proxy: { mode: 'system' } }, ['proxy']],
    ['a CA file', { caFile: '/etc/ssl/tenant.pem' }, ['CA file']],
    ['another auth scheme', { authScheme: 'bearer' }, ['auth scheme']],
    [
      'other key header names',
      { authHeaders: { key: 'X-Api-Key-Id', secret: 'X-Api-Key-Secret' } },
      ['key header'],
    ],
    ['a key header alone', { authHeaders: { key: 'x-api-key', secret: null } }, ['key header']],
    [
      'another token path',
      { endpoints: { token: { method: 'POST', path: '/connect/token' } } },
      ['token endpoint'],
    ],
  ])('names %s', (_label, edit, changes) => {
    expect(keyBindingChanges(saved, { ...saved, ...edit })).toEqual(changes);
  });

  it('lists every change, in form order', () => {
    const edit: KeyRoute = {
      baseUrl: 'https://other.example.com',
      proxy: { mode: 'system' },
      caFile: '/ca.pem',
      authScheme: 'basic',
      endpoints: { token: { method: 'PUT', path: '/open-api/token' } },
    };
    expect(keyBindingChanges(saved, edit)).toEqual([
      'address',
      'proxy',
      'CA file',
      'auth scheme',
      'token endpoint',
    ]);
  });

  it('ignores what does not move the key: a path, a trailing slash, spaces, the default token endpoint spelt out', () => {
    const same: KeyRoute = {
      ...saved,
      baseUrl: ' https://tenant.example.com/api/ ',
      caFile: '  ',
      endpoints: {
        token: { method: 'POST', path: '/open-api/token' },
        getProcess: { method: 'GET', path: '/v2/{processId}' },
      },
    };
    expect(keyBindingChanges(saved, same)).toEqual([]);
    const viaProxy: KeyRoute = { ...saved, proxy: { mode: 'url', url: 'http://proxy.example.com:3128' } };
    expect(
      keyBindingChanges(viaProxy, {
        ...viaProxy,
        proxy: { mode: 'url', url: 'http://PROXY.example.com:3128/' },
      }),
    ).toEqual([]);
  });

  it('words the note and the live confirmation', () => {
    expect(keyClearedNote(['proxy'])).toBe('Saving clears the stored key: it was given for another proxy.');
    expect(keyClearedNote(['address', 'proxy', 'CA file'])).toBe(
      'Saving clears the stored key: it was given for another address, proxy and CA file.',
    );
    const live = { name: 'Tenant', environment: 'live' as const };
    expect(confirmNameProblem(live, live, ['proxy'], undefined)).toBe(
      'The proxy of the live profile "Tenant" changes, which clears its stored key. Type the profile name "Tenant" to confirm.',
    );
    expect(confirmNameProblem(live, live, ['proxy'], 'tenant')).not.toBeNull();
    expect(confirmNameProblem(live, live, ['proxy'], 'Tenant')).toBeNull();
    expect(confirmNameProblem(live, live, [], undefined)).toBeNull();
    const test = { name: 'Tenant', environment: 'test' as const };
    expect(confirmNameProblem(test, test, ['proxy'], undefined)).toBeNull();
    // Switching to test in the same edit does not skip the question.
    expect(confirmNameProblem(live, test, ['proxy'], undefined)).not.toBeNull();
  });
});

describe('a live profile made a test one', () => {
  it('needs the profile name typed, even when nothing about the key changes', () => {
    const live = { name: 'Council live', environment: 'live' as const };
    expect(confirmNameProblem(live, { environment: 'test' }, [], undefined)).toBe(
      'Profile "Council live" stops being live, so its changes will no longer ask for a typed confirmation. Type the profile name "Council live" to confirm.',
    );
    expect(confirmNameProblem(live, { environment: 'test' }, [], 'Council live')).toBeNull();
    expect(confirmNameProblem(live, { environment: 'live' }, [], undefined)).toBeNull();
    expect(
      confirmNameProblem({ ...live, environment: 'test' }, { environment: 'live' }, [], undefined),
    ).toBeNull();
  });
});

describe('keyBindingChanges: key header names', () => {
  it('reads a profile saved without names as the default names, and compares names case-insensitively', () => {
    expect(
      keyBindingChanges(saved, { ...saved, authHeaders: { key: 'X-API-KEY', secret: 'X-Api-Secret' } }),
    ).toEqual([]);
  });

  it('ignores the names while the key travels another way', () => {
    const basic: KeyRoute = { ...saved, authScheme: 'basic' };
    expect(keyBindingChanges(basic, { ...basic, authHeaders: { key: 'X-Other', secret: null } })).toEqual([]);
  });

  it('asks a live profile for its typed name before the names change', () => {
    const changes = keyBindingChanges(saved, {
      ...saved,
      authHeaders: { key: 'X-Api-Key-Id', secret: null },
    });
    expect(
      confirmNameProblem({ name: 'Live', environment: 'live' }, { environment: 'live' }, changes, ''),
    ).toBe(
      'The key header of the live profile "Live" changes, which clears its stored key. Type the profile name "Live" to confirm.',
    );
  });
});
