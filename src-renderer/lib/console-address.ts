import { z } from 'zod';
import { externalReference } from '../../src-shared/call-spec';
import { describeIssues } from '../../src-shared/input-errors';
import type { Screen } from './navigation';

/*
 * The address fragment, one scheme for both uses of `#`:
 * - routes start with a slash: `#/profiles/<profileId>/processes/<reference>` (the reference is a
 *   process id or an external reference, URI-encoded), `#/audit`, `#/inbox` …; home is no fragment;
 * - the browser shell's token never rides in an address (the browser records every one a tab
 *   shows): a fresh tab opens a deep link after a launch URL, `<launch URL>#/profiles/…`, whose
 *   redirect keeps the fragment (src-main/web-server.ts).
 */

/** Where an address sends the console. */
export type Route =
  | { name: 'home' }
  | { name: 'process'; profileId: string; lookup: string }
  | { name: 'screen'; screen: ScreenName };

/** The screens an address names by name alone. */
const screenNames = ['start', 'audit', 'requests', 'profiles', 'settings', 'inbox', 'batches'] as const;
type ScreenName = (typeof screenNames)[number];

/** What a fragment says: its route, or why it is not one. */
export interface ParsedAddress {
  route: { ok: true; value: Route } | { ok: false; message: string };
}

const processLink = /^\/profiles\/([^/]+)\/processes\/([^/]*)$/;
const linkInput = z.object({ externalReference }).strict();

/** Reads a fragment (`location.hash`, with or without its `#`). */
export function parseAddress(hash: string): ParsedAddress {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const isRoute = fragment.startsWith('/');
  const query = isRoute ? fragment.indexOf('?') : -1;
  const path = isRoute ? (query === -1 ? fragment : fragment.slice(0, query)) : '';
  return { route: parseRoute(path) };
}

function parseRoute(path: string): ParsedAddress['route'] {
  if (path === '' || path === '/') return { ok: true, value: { name: 'home' } };
  const name = path.slice(1);
  if ((screenNames as readonly string[]).includes(name))
    return { ok: true, value: { name: 'screen', screen: name as ScreenName } };
  const link = processLink.exec(path);
  if (!link) return { ok: false, message: `The address #${quoted(path)} is not a page of this console.` };
  const [profileId, lookup] = [decoded(link[1]!), decoded(link[2]!)];
  if (profileId === null || lookup === null)
    return { ok: false, message: 'This link’s address is not properly encoded; copy it again.' };
  const checked = linkInput.safeParse({ externalReference: lookup });
  if (!checked.success)
    return { ok: false, message: `This link cannot open: ${describeIssues(checked.error.issues)}` };
  return { ok: true, value: { name: 'process', profileId, lookup: checked.data.externalReference } };
}

/** A hostile link may carry megabytes; the sentence quotes enough of it to be recognised. */
function quoted(path: string): string {
  return path.length > 60 ? `${path.slice(0, 60)}…` : path;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The fragment for a route, `#` included; home is the empty fragment. */
export function formatRoute(route: Route): string {
  if (route.name === 'home') return '';
  if (route.name === 'screen') return `#/${route.screen}`;
  return `#/profiles/${encodeURIComponent(route.profileId)}/processes/${encodeURIComponent(route.lookup)}`;
}

/** The route of a screen; a walk is kept as its inbox, since a delivery is not worth a link. */
export function routeOf(screen: Screen, profileId: string | null): Route {
  if (screen.name === 'home') return { name: 'home' };
  if (screen.name === 'process')
    return profileId ? { name: 'process', profileId, lookup: screen.lookup } : { name: 'home' };
  if (screen.name === 'walk') return { name: 'screen', screen: 'inbox' };
  return { name: 'screen', screen: screen.name };
}
