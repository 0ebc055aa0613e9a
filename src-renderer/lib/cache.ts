import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { isCancellable, type CallInput, type CallName, type CallOutput } from '../../src-shared/contract';
import type { Result } from '../../src-shared/result';
import { api } from './api';
import { recordLookup } from './history';
import { askedWithProfile, cacheKey, createRemoteCache, type PendingRequest } from './remote-cache';
import { currentValue, type Remote } from './remote';

type AnyCall = (input: unknown) => Promise<Result<unknown>>;

/** Calls `api.<domain>.<verb>` by its contract name. */
function callByName(call: string, input: unknown): Promise<Result<unknown>> {
  const [domain, verb] = call.split('.') as [string, string];
  return (api as unknown as Record<string, Record<string, AnyCall>>)[domain]![verb]!(input);
}

/** The console's one remote-data cache (STYLE rule 13). */
export const cache = createRemoteCache(
  async (call, input, requestId) => {
    // Only reads take a request id (src-shared/call-spec.ts `read`); a change is never cancelled.
    const sent = isCancellable(call) ? { ...(input as object), requestId } : input;
    const result = await callByName(call, sent);
    // Main records every successful lookup in Recent; mirror it here instead of asking again.
    if (result.ok && (call === 'processes.get' || call === 'processes.getByReference')) {
      // The UI benchmark measures from data in hand (here) to the process view painted.
      performance.mark('process-data');
      const { profileId } = input as { profileId: string };
      cache.update('history.list', (history, key) =>
        (key as { profileId: string }).profileId === profileId
          ? recordLookup(history as CallOutput<'history.list'>, result.value as CallOutput<'processes.get'>)
          : undefined,
      );
    }
    return result;
  },
  (call, requestId) => {
    if (isCancellable(call)) void api.requests.cancel({ requestId });
  },
);

const idle: Remote<never> = { status: 'idle' };

/**
 * The answer to `call(input)` as remote data, fetched while the component shows it; a null input
 * waits. With `keepPrevious` (a list under a changing filter), the last value shown stays visible
 * as `previous` while a new input's answer is on its way; without it, another input starts blank,
 * so a view never shows one process under another's name.
 */
export function useRemote<N extends CallName>(
  call: N,
  input: CallInput<N> | null,
  { keepPrevious = false } = {},
): [Remote<CallOutput<N>>, () => void, Progress | null] {
  const json = input === null ? null : JSON.stringify(input);
  const key = json === null ? null : cacheKey(call, JSON.parse(json));
  const entry = useStore(cache.store, (state) => (key === null ? undefined : state.entries[key]));
  const remote = (entry?.remote ?? idle) as Remote<CallOutput<N>>;
  const [shown, setShown] = useState<{ value?: CallOutput<N> }>({});
  if (keepPrevious && remote.status === 'ready' && remote.value !== shown.value)
    setShown({ value: remote.value });

  useEffect(() => (json === null ? undefined : cache.watch(call, JSON.parse(json))), [call, json]);

  const reload = () => void (json !== null && cache.fetch(call, JSON.parse(json)));
  const progress = progressOf(call, json, entry?.pending, remote.status === 'loading');
  const waiting = remote.status === 'idle' || (remote.status === 'loading' && remote.previous === undefined);
  if (waiting && json !== null && shown.value !== undefined)
    return [{ status: 'loading', previous: shown.value }, reload, progress];
  if (remote.status === 'idle' && json !== null) return [{ status: 'loading' }, reload, progress];
  return [remote, reload, progress];
}

/** A read on its way, for a progress line: since when, and its Cancel when the call allows one. */
export interface Progress {
  since: number;
  cancel?: () => void;
}

function progressOf(
  call: CallName,
  json: string | null,
  pending: PendingRequest | undefined,
  loading: boolean,
): Progress | null {
  if (json === null || pending === undefined || !loading) return null;
  if (!isCancellable(call)) return { since: pending.since };
  return { since: pending.since, cancel: () => cache.cancel(call, JSON.parse(json)) };
}

/** Puts a known answer for `call(input)` in place (a change's reply), so no one asks again. */
export function setRemote<N extends CallName>(call: N, input: CallInput<N>, value: CallOutput<N>): void {
  cache.set(call, input, value);
}

/** The answer kept for `call(input)` (during a reload, the one shown), for a store's actions. */
export function keptRemote<N extends CallName>(call: N, input: CallInput<N>): CallOutput<N> | undefined {
  const remote = cache.store.getState().entries[cacheKey(call, input)]?.remote;
  return remote && (currentValue(remote) as CallOutput<N> | undefined);
}

/** Rewrites every kept answer of `call`; `change` returns undefined to leave one alone. */
export function updateRemote<N extends CallName>(
  call: N,
  change: (value: CallOutput<N>, input: CallInput<N>) => CallOutput<N> | undefined,
): void {
  cache.update(call, (value, input) => change(value as CallOutput<N>, input as CallInput<N>));
}

/** Forgets the answers of `call` (those matching by input and kept value); watched ones are fetched again. */
export function invalidate<N extends CallName>(
  call: N,
  matches?: (input: CallInput<N>, value: CallOutput<N> | undefined) => boolean,
): void {
  cache.invalidate(
    call,
    matches && ((input, value) => matches(input as CallInput<N>, value as CallOutput<N> | undefined)),
  );
}

/**
 * Forgets every answer asked for with this profile: after its address or key changed (or it was
 * deleted), what the old tenant answered must not show, not even while the new one is asked.
 */
export function forgetProfile(profileId: string): void {
  cache.forget(askedWithProfile(profileId));
}
