import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Result } from '../../src-shared/result';
import { currentValue, fromResult, type Remote } from './remote';

/**
 * Makes one bridge call by name; the cache's only way to reach the service. `requestId` names this
 * one request, so {@link RemoteCache.cancel} can stop it in main (for the calls that allow it).
 */
export type Fetcher = (call: string, input: unknown, requestId: string) => Promise<Result<unknown>>;

/** Asks main to stop the request so named; the cache has already stopped waiting for it. */
export type Canceller = (call: string, requestId: string) => void;

/** A request on its way: since when, and its id for a cancel. */
export interface PendingRequest {
  requestId: string;
  /** `performance.now()` when it was sent, for the elapsed time the progress line shows. */
  since: number;
}

/** One answer kept by the cache, under its call name and input. */
export interface CacheEntry {
  call: string;
  input: unknown;
  remote: Remote<unknown>;
  /** Set while a fetch is on its way. */
  pending?: PendingRequest;
}

/** What a read the user cancelled shows: calm, since nothing went wrong. */
export const cancelledByUser = {
  code: 'cancelled',
  message: 'Cancelled. The console stopped waiting for this answer; nothing was changed.',
} as const;

/** The cache's state: entries by {@link cacheKey}; components select the one they show. */
export interface CacheState {
  entries: Record<string, CacheEntry>;
}

/** The remote-data cache: every view reads through it, every change updates or invalidates it. */
export interface RemoteCache {
  store: StoreApi<CacheState>;
  /** Someone shows this entry: fetch it unless a fresh answer is kept or on its way. */
  watch(call: string, input: unknown): () => void;
  /** Asks the service again (Refresh, Retry); the previous value stays visible meanwhile. */
  fetch(call: string, input: unknown): Promise<void>;
  /** Puts an answer the caller already has (a change's reply) in place, without a call. */
  set(call: string, input: unknown, value: unknown): void;
  /** Rewrites the ready entries of a call; `change` returns undefined to leave one as it is. */
  update(call: string, change: (value: unknown, input: unknown) => unknown): void;
  /**
   * Forgets entries (those `matches` picks by input and kept value); those being watched are
   * fetched again at once, the others when next watched.
   */
  invalidate(call: string, matches?: (input: unknown, value: unknown) => boolean): void;
  /**
   * Drops the entries of any call that `matches` picks by input, value and all: nothing of theirs
   * is shown again, not even as the previous value while those being watched are fetched afresh.
   */
  forget(matches: (call: string, input: unknown) => boolean): void;
  /**
   * Stops waiting for the answer on its way at once (a refresh shows its previous value again, a
   * first read the Cancelled result) and asks main to abort the request.
   */
  cancel(call: string, input: unknown): void;
}

/** The key of a call's answer: inputs are plain JSON (contract rule 4), so their text names them. */
export function cacheKey(call: string, input: unknown): string {
  return `${call} ${JSON.stringify(input)}`;
}

/** Picks the entries asked for with one profile (their input names it), for {@link RemoteCache.forget}. */
export function askedWithProfile(profileId: string): (call: string, input: unknown) => boolean {
  return (_call, input) =>
    typeof input === 'object' && input !== null && (input as { profileId?: unknown }).profileId === profileId;
}

/**
 * Builds the cache over a fetcher. Each key has a generation: a fetch answers only if no later
 * fetch or `set` happened meanwhile, so a late answer never overwrites a newer one. An entry left
 * by its last watcher turns stale, so a view opened again shows the kept value and refreshes it;
 * an entry `set` before anyone watches (a started process) is shown without a call.
 */
export function createRemoteCache(
  fetcher: Fetcher,
  canceller: Canceller = () => {},
  newRequestId: () => string = () => crypto.randomUUID(),
): RemoteCache {
  const store = createStore<CacheState>()(() => ({ entries: {} }));
  const generations = new Map<string, number>();
  const watchers = new Map<string, number>();
  const stale = new Set<string>();

  const bump = (key: string) => {
    const next = (generations.get(key) ?? 0) + 1;
    generations.set(key, next);
    return next;
  };
  const put = (key: string, entry: CacheEntry) =>
    store.setState((state) => ({ entries: { ...state.entries, [key]: entry } }));

  async function fetch(call: string, input: unknown) {
    const key = cacheKey(call, input);
    const mine = bump(key);
    stale.delete(key);
    const kept = store.getState().entries[key]?.remote;
    const pending = { requestId: newRequestId(), since: performance.now() };
    put(key, { call, input, pending, remote: { status: 'loading', previous: kept && currentValue(kept) } });
    const result = await fetcher(call, input, pending.requestId);
    if (generations.get(key) === mine) put(key, { call, input, remote: fromResult(result) });
  }

  function watch(call: string, input: unknown) {
    const key = cacheKey(call, input);
    const count = watchers.get(key) ?? 0;
    watchers.set(key, count + 1);
    const status = store.getState().entries[key]?.remote.status;
    // An answer already on its way is fresh enough; React's StrictMode mounts twice.
    if (status !== 'loading' && (status !== 'ready' || stale.has(key))) void fetch(call, input);
    return () => {
      const left = (watchers.get(key) ?? 1) - 1;
      if (left > 0) return void watchers.set(key, left);
      watchers.delete(key);
      stale.add(key);
    };
  }

  function set(call: string, input: unknown, value: unknown) {
    const key = cacheKey(call, input);
    bump(key);
    stale.delete(key);
    put(key, { call, input, remote: { status: 'ready', value } });
  }

  function update(call: string, change: (value: unknown, input: unknown) => unknown) {
    for (const entry of Object.values(store.getState().entries)) {
      if (entry.call !== call || entry.remote.status !== 'ready') continue;
      const next = change(entry.remote.value, entry.input);
      if (next !== undefined) set(call, entry.input, next);
    }
  }

  function invalidate(call: string, matches: (input: unknown, value: unknown) => boolean = () => true) {
    for (const [key, entry] of Object.entries(store.getState().entries)) {
      if (entry.call !== call || !matches(entry.input, currentValue(entry.remote))) continue;
      if (watchers.has(key)) {
        void fetch(call, entry.input);
        continue;
      }
      bump(key);
      stale.delete(key);
      store.setState((state) => {
        const { [key]: _gone, ...rest } = state.entries;
        return { entries: rest };
      });
    }
  }

  function forget(matches: (call: string, input: unknown) => boolean) {
    const entries = store.getState().entries;
    const gone = new Set(
      Object.keys(entries).filter((key) => matches(entries[key]!.call, entries[key]!.input)),
    );
    if (gone.size === 0) return;
    for (const key of gone) {
      // A fetch still on its way answers for what was forgotten: its generation no longer counts.
      bump(key);
      stale.delete(key);
    }
    store.setState((state) => ({
      entries: Object.fromEntries(Object.entries(state.entries).filter(([key]) => !gone.has(key))),
    }));
    for (const key of gone) if (watchers.has(key)) void fetch(entries[key]!.call, entries[key]!.input);
  }

  function cancel(call: string, input: unknown) {
    const key = cacheKey(call, input);
    const entry = store.getState().entries[key];
    if (!entry?.pending || entry.remote.status !== 'loading') return;
    // A later answer (the cancelled one arriving after all) no longer counts.
    bump(key);
    const previous = entry.remote.previous;
    if (previous !== undefined) stale.add(key);
    put(key, {
      call,
      input,
      remote:
        previous !== undefined
          ? { status: 'ready', value: previous }
          : { status: 'error', error: { ...cancelledByUser } },
    });
    canceller(call, entry.pending.requestId);
  }

  return { store, watch, fetch, set, update, invalidate, forget, cancel };
}
