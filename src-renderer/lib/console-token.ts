import { create } from 'zustand';
import { parseAddress } from './console-address';

/** sessionStorage: one tab, one origin, gone when the tab closes; never a URL, never a log. */
const storageKey = 'process-console.token';
let remembered: string | null = null;

/** Whether the browser shell's bridge lets this page in, and how often the token has changed. */
interface BridgeAccessState {
  access: 'unknown' | 'granted' | 'missing' | 'refused';
  /** Bumped when a new token arrives, so the page asks again for what was refused. */
  tokenGeneration: number;
}

/** The browser shell's access state; the desktop shell never leaves `unknown`. */
export const useBridgeAccess = create<BridgeAccessState>()(() => ({ access: 'unknown', tokenGeneration: 0 }));

/**
 * Records what the bridge answered to `presented`: a refusal (401/403) or no token at all, or a way
 * in. An answer to a token since replaced (a call in flight while a new URL was pasted) says
 * nothing about the new one.
 */
export function noteAccess(access: 'granted' | 'missing' | 'refused', presented: string | null): void {
  if (presented !== consoleToken()) return;
  if (useBridgeAccess.getState().access !== access) useBridgeAccess.setState({ access });
}

/** The token this tab holds: the one stored for the tab, or (storage blocked) the one in memory. */
export function consoleToken(): string | null {
  try {
    return sessionStorage.getItem(storageKey) ?? remembered;
  } catch {
    return remembered;
  }
}

/**
 * Takes a start token out of the address: keeps it for the tab and rewrites the address without
 * it (the route stays). `routeBefore` is the fragment to keep when a pasted URL carries a token
 * alone, so pasting the printed URL over a deep link recovers on the same process. True when a new
 * token was taken.
 */
export function takeTokenFromAddress(routeBefore = ''): boolean {
  const { token } = parseAddress(window.location.hash);
  if (!token) return false;
  const route = window.location.hash.startsWith('#/') ? window.location.hash.split('?')[0]! : '';
  const kept = route || routeBefore;
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search + kept,
  );
  const changed = token !== consoleToken();
  remembered = token;
  try {
    sessionStorage.setItem(storageKey, token);
  } catch {
    // Storage blocked (a privacy setting): the token lasts until a reload, as it did before.
  }
  if (changed || useBridgeAccess.getState().access !== 'granted')
    useBridgeAccess.setState((state) => ({ access: 'unknown', tokenGeneration: state.tokenGeneration + 1 }));
  return true;
}

/** Watches for a pasted URL carrying a token (a fragment change does not reload the page). */
export function watchTokenInAddress(): void {
  window.addEventListener('hashchange', (event) => {
    const before = new URL(event.oldURL).hash;
    takeTokenFromAddress(before.startsWith('#/') ? before : '');
  });
}
