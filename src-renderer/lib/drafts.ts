import { useCallback } from 'react';
import { create } from 'zustand';

/**
 * Unsent work (a note being written, the fields of a step being completed) and where the user was
 * (the batch opened), kept while the user looks at another tab, screen or process, per profile and
 * process. In this window's memory by default: a field set can hold confidential values, so it is
 * never written to any storage. A draft that can hold none (a note, a batch id) may ask to survive
 * a reload too: it is then also kept in this tab's sessionStorage, which the tab's closing clears.
 */
interface DraftState {
  drafts: ReadonlyMap<string, unknown>;
}

/** sessionStorage keys of drafts kept over a reload start with it; nothing else is read back. */
const storedPrefix = 'draft:';

/** The drafts this tab kept over its last reload; an entry that does not read back is dropped. */
function storedDrafts(): Map<string, unknown> {
  const drafts = new Map<string, unknown>();
  try {
    for (let index = 0; index < sessionStorage.length; index++) {
      const name = sessionStorage.key(index);
      if (!name?.startsWith(storedPrefix)) continue;
      try {
        const key = name.slice(storedPrefix.length);
        // A key is draftKey's JSON array of strings; forgetDrafts reads the profile id from it.
        if (!Array.isArray(JSON.parse(key))) throw new TypeError('not a draft key');
        drafts.set(key, JSON.parse(sessionStorage.getItem(name) ?? ''));
      } catch {
        sessionStorage.removeItem(name);
      }
    }
  } catch {
    // Storage refused (a locked-down browser): drafts live in memory only, as before.
  }
  return drafts;
}

const useDrafts = create<DraftState>()(() => ({ drafts: storedDrafts() }));

/** Where a draft lives: this window's memory, or also this tab's sessionStorage (over a reload). */
export type DraftKeeping = 'memory' | 'reload';

/** The key of one draft: what kind it is, the profile and the process (and more, e.g. a step). */
export function draftKey(kind: string, profileId: string, ...scope: string[]): string {
  return JSON.stringify([kind, profileId, ...scope]);
}

function store(key: string, value: unknown | undefined): void {
  try {
    if (value === undefined) sessionStorage.removeItem(storedPrefix + key);
    else sessionStorage.setItem(storedPrefix + key, JSON.stringify(value));
  } catch {
    // Full or refused: the draft is still kept in memory, for this page's life.
  }
}

function write(key: string, value: unknown | undefined, keeping: DraftKeeping): void {
  useDrafts.setState(({ drafts }) => {
    const next = new Map(drafts);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    return { drafts: next };
  });
  if (keeping === 'reload') store(key, value);
}

/**
 * A state that outlives its component: `[value, set, clear]`, `initial` while there is no draft.
 * `clear` is for a change sent successfully; the next one starts from `initial`. `reload` keeps it
 * over a reload of the tab: only for a value that never holds a confidential one.
 */
export function useDraft<T>(
  key: string,
  initial: T,
  keeping: DraftKeeping = 'memory',
): [T, (next: T) => void, () => void] {
  const stored = useDrafts((state) => state.drafts.get(key)) as T | undefined;
  const set = useCallback((next: T) => write(key, next, keeping), [key, keeping]);
  const clear = useCallback(() => write(key, undefined, keeping), [key, keeping]);
  return [stored ?? initial, set, clear];
}

/** Drops every draft of a profile (it was deleted: its confidential values go with it). */
export function forgetDrafts(profileId: string): void {
  const ofProfile = (key: string) => (JSON.parse(key) as string[])[1] === profileId;
  const { drafts } = useDrafts.getState();
  for (const key of drafts.keys()) if (ofProfile(key)) store(key, undefined);
  useDrafts.setState({ drafts: new Map([...drafts].filter(([key]) => !ofProfile(key))) });
}
