import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallError, Result } from '../../src-shared/result';

/** Remote data as a status union: what every remote view renders from. */
export type Remote<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: CallError };

/** Turns a call result into remote data. */
export function fromResult<T>(result: Result<T>): Remote<T> {
  return result.ok ? { status: 'ready', value: result.value } : { status: 'error', error: result.error };
}

/**
 * Kept for the walk only, until it moves to the cache (`useRemote` in `./cache`, STYLE rule 13).
 * Loads remote data for a view and reloads it whenever `key` changes; `reload` runs it again.
 * A late answer for an old key is dropped, so fast switching never shows stale data. While the
 * answer for a new key is on its way, the view gets `loading` with the previous value.
 */
export function useRemote<T>(key: string | null, load: () => Promise<Result<T>>): [Remote<T>, () => void] {
  const [state, setState] = useState<{ key: string | null; remote: Remote<T> }>({
    key: null,
    remote: { status: 'idle' },
  });
  const loadRef = useRef(load);
  const generation = useRef(0);

  useEffect(() => {
    loadRef.current = load;
  });

  const fetchFor = useCallback((forKey: string) => {
    const mine = ++generation.current;
    void loadRef.current().then((result) => {
      if (mine === generation.current) setState({ key: forKey, remote: fromResult(result) });
    });
  }, []);

  useEffect(() => {
    // A null key means "nothing to load yet"; the view keeps what it has.
    if (key !== null) fetchFor(key);
  }, [key, fetchFor]);

  const reload = useCallback(() => {
    if (key === null) return;
    setState((previous) => ({ key, remote: { status: 'loading', previous: currentValue(previous.remote) } }));
    fetchFor(key);
  }, [key, fetchFor]);

  const remote: Remote<T> =
    state.key === key || key === null
      ? state.remote
      : { status: 'loading', previous: currentValue(state.remote) };
  return [remote, reload];
}

/** The value to show while reloading: the ready value, or the previous one during a reload. */
export function currentValue<T>(remote: Remote<T>): T | undefined {
  if (remote.status === 'ready') return remote.value;
  if (remote.status === 'loading') return remote.previous;
  return undefined;
}
