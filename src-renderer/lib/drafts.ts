import { useCallback } from 'react';
import { create } from 'zustand';

/**
 * Unsent work (a note being written, the fields of a step being completed) kept while the user
 * looks at another tab, screen or process, per profile and process. In this window's memory only,
 * never in localStorage or any storage: a field set can hold confidential values.
 */
interface DraftState {
  drafts: ReadonlyMap<string, unknown>;
}

const useDrafts = create<DraftState>()(() => ({ drafts: new Map() }));

/** The key of one draft: what kind it is, the profile and the process (and more, e.g. a step). */
export function draftKey(kind: string, profileId: string, ...scope: string[]): string {
  return JSON.stringify([kind, profileId, ...scope]);
}

function write(key: string, value: unknown | undefined): void {
  useDrafts.setState(({ drafts }) => {
    const next = new Map(drafts);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    return { drafts: next };
  });
}

/**
 * A state that outlives its component: `[value, set, clear]`, `initial` while there is no draft.
 * `clear` is for a change sent successfully; the next one starts from `initial`.
 */
export function useDraft<T>(key: string, initial: T): [T, (next: T) => void, () => void] {
  const stored = useDrafts((state) => state.drafts.get(key)) as T | undefined;
  const set = useCallback((next: T) => write(key, next), [key]);
  const clear = useCallback(() => write(key, undefined), [key]);
  return [stored ?? initial, set, clear];
}

/** Drops every draft of a profile (it was deleted: its confidential values go with it). */
export function forgetDrafts(profileId: string): void {
  useDrafts.setState(({ drafts }) => ({
    drafts: new Map([...drafts].filter(([key]) => (JSON.parse(key) as string[])[1] !== profileId)),
  }));
}
