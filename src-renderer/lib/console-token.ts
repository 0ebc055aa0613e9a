import { create } from 'zustand';

/**
 * The tab's token, in memory only: Chromium writes sessionStorage, cookies and every address a
 * tab shows into the profile's files. A reload or a new tab takes the next launch URL the console
 * printed (src-main/web-server.ts).
 */
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

/** The token this tab holds, if any. */
export function consoleToken(): string | null {
  return remembered;
}

/**
 * Takes the token the browser shell put in the page (for a tab a launch URL let in:
 * src-main/web-server.ts) and keeps it for the tab; the meta tag goes at once. The token never rides in an address, since
 * the browser records every address a tab shows in its profile's files. True when one was there.
 */
export function takeTokenFromPage(): boolean {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="process-console-token"]');
  const token = meta?.content || null;
  meta?.remove();
  if (!token) return false;
  const changed = token !== consoleToken();
  remembered = token;
  if (changed || useBridgeAccess.getState().access !== 'granted')
    useBridgeAccess.setState((state) => ({ access: 'unknown', tokenGeneration: state.tokenGeneration + 1 }));
  return true;
}
