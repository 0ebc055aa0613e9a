import { defaultAuthHeaders, defaultEndpoints, type Operation } from './profile';

/**
 * What a stored API key is bound to: everything that decides where and how it travels. The key
 * was given for one address, through one proxy, trusting one CA file, sent one way (auth scheme,
 * and for the headers scheme under its header names), and for bearer exchanged at one token endpoint. Changing any of these must not carry the key
 * along: main clears it on save, and the profile form says so before saving. Pure, so both use it.
 */

/** The parts of a profile (stored, or as typed in the form) that a key is bound to. */
export interface KeyRoute {
  baseUrl: string;
  // As loose as the form's draft: the rule must work on what is typed, before it is valid.
  proxy: { mode: 'none' | 'system' | 'url'; url?: string };
  caFile: string | null;
  authScheme: 'headers' | 'basic' | 'bearer';
  /** Absent on a profile saved before the names were configurable: the defaults. */
  authHeaders?: { key: string; secret: string | null };
  endpoints: Partial<Record<Operation, { method: string; path: string }>>;
}

/** One part of {@link KeyRoute}, named as the user knows it. */
export type KeyBindingChange =
  'address' | 'proxy' | 'CA file' | 'auth scheme' | 'key header' | 'token endpoint';

/** Which parts a key is bound to differ between the saved profile and the edit, in form order. */
export function keyBindingChanges(before: KeyRoute, after: KeyRoute): KeyBindingChange[] {
  const changes: KeyBindingChange[] = [];
  // A path under the same origin is the same tenant (API.md paths can sit under a prefix).
  if (originOf(before.baseUrl) !== originOf(after.baseUrl)) changes.push('address');
  if (proxyOf(before) !== proxyOf(after)) changes.push('proxy');
  if (caFileOf(before) !== caFileOf(after)) changes.push('CA file');
  if (before.authScheme !== after.authScheme) changes.push('auth scheme');
  // The names matter only while the key travels in them; a scheme change is already listed.
  else if (after.authScheme === 'headers' && headerNamesOf(before) !== headerNamesOf(after)) {
    changes.push('key header');
  }
  if (tokenEndpointOf(before) !== tokenEndpointOf(after)) changes.push('token endpoint');
  return changes;
}

/** The form's note: what saving does to the stored key, and why. */
export function keyClearedNote(changes: readonly KeyBindingChange[]): string {
  return `Saving clears the stored key: it was given for another ${listed(changes)}.`;
}

/**
 * On a live profile (before or after the edit), a change that clears the key needs the profile's
 * name typed exactly: a lost live key cannot be retrieved, only replaced. So does turning a live
 * profile into a test one, which would let every later change skip the live confirmation.
 * Returns the sentence to show when the confirmation is missing or wrong, null when the save may
 * go ahead.
 */
export function confirmNameProblem(
  before: { name: string; environment: 'test' | 'live' },
  after: { environment: 'test' | 'live' },
  changes: readonly KeyBindingChange[],
  confirmName: string | undefined,
): string | null {
  if (confirmName === before.name) return null;
  const leavesLive = before.environment === 'live' && after.environment !== 'live';
  const live = before.environment === 'live' || after.environment === 'live';
  if (changes.length > 0 && live) {
    return (
      `The ${listed(changes)} of the live profile "${before.name}" changes, which clears its stored key. ` +
      `Type the profile name "${before.name}" to confirm.`
    );
  }
  if (leavesLive) {
    return (
      `Profile "${before.name}" stops being live, so its changes will no longer ask for a typed ` +
      `confirmation. Type the profile name "${before.name}" to confirm.`
    );
  }
  return null;
}

function listed(changes: readonly KeyBindingChange[]): string {
  if (changes.length <= 1) return changes.join('');
  return `${changes.slice(0, -1).join(', ')} and ${changes.at(-1)}`;
}

function originOf(url: string): string {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return url.trim();
  }
}

function proxyOf(route: KeyRoute): string {
  if (route.proxy.mode !== 'url') return route.proxy.mode;
  const url = (route.proxy.url ?? '').trim();
  try {
    return `url ${new URL(url).href}`;
  } catch {
    return `url ${url}`;
  }
}

function caFileOf(route: KeyRoute): string | null {
  return route.caFile?.trim() || null;
}

function headerNamesOf(route: KeyRoute): string {
  const { key, secret } = route.authHeaders ?? defaultAuthHeaders;
  return `${key.trim().toLowerCase()} ${secret?.trim().toLowerCase() ?? '(none)'}`;
}

function tokenEndpointOf(route: KeyRoute): string {
  const { method, path } = route.endpoints.token ?? defaultEndpoints.token;
  return `${method} ${path.trim()}`;
}
