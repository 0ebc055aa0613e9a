import { describe, expect, it } from 'vitest';
import {
  askedWithProfile,
  cacheKey,
  cancelledByUser,
  createRemoteCache,
} from '../../../../src-renderer/lib/remote-cache';
import type { Result } from '../../../../src-shared/result';

/** A fetcher whose answers the test releases one by one, in any order. */
function controlledFetcher() {
  const pending: { call: string; input: unknown; answer: (result: Result<unknown>) => void }[] = [];
  const fetcher = (call: string, input: unknown) =>
    new Promise<Result<unknown>>((answer) => pending.push({ call, input, answer }));
  return { fetcher, pending };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('remote cache', () => {
  const input = { profileId: 'p1', processId: 'a' };
  const entry = (cache: ReturnType<typeof createRemoteCache>, call: string, key: unknown) =>
    cache.store.getState().entries[cacheKey(call, key)]?.remote;

  it('fetches what is watched once, and keeps the answer as ready', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    cache.watch('processes.get', input);
    cache.watch('processes.get', input);
    expect(pending).toHaveLength(1);
    expect(entry(cache, 'processes.get', input)?.status).toBe('loading');
    pending[0]!.answer({ ok: true, value: { name: 'one' } });
    await settle();
    expect(entry(cache, 'processes.get', input)).toEqual({ status: 'ready', value: { name: 'one' } });
  });

  it('keeps an error as a status, not a throw', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    cache.watch('processes.get', input);
    pending[0]!.answer({ ok: false, error: { code: 'network', message: 'Nothing is answering' } });
    await settle();
    expect(entry(cache, 'processes.get', input)).toEqual({
      status: 'error',
      error: { code: 'network', message: 'Nothing is answering' },
    });
  });

  it('set puts a value in place without a call, and a late answer does not overwrite it', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    cache.watch('processes.get', input);
    cache.set('processes.get', input, { name: 'from the reply' });
    pending[0]!.answer({ ok: true, value: { name: 'older answer' } });
    await settle();
    expect(pending).toHaveLength(1);
    expect(entry(cache, 'processes.get', input)).toEqual({
      status: 'ready',
      value: { name: 'from the reply' },
    });
  });

  it('an answer to an older request never overwrites a newer one', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    cache.watch('audit.list', {});
    void cache.fetch('audit.list', {});
    expect(pending).toHaveLength(2);
    pending[1]!.answer({ ok: true, value: ['newer'] });
    await settle();
    pending[0]!.answer({ ok: true, value: ['older'] });
    await settle();
    expect(entry(cache, 'audit.list', {})).toEqual({ status: 'ready', value: ['newer'] });
  });

  it('shows the previous value while asking again', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    cache.watch('audit.list', {});
    pending[0]!.answer({ ok: true, value: ['first'] });
    await settle();
    void cache.fetch('audit.list', {});
    expect(entry(cache, 'audit.list', {})).toEqual({ status: 'loading', previous: ['first'] });
  });

  it('invalidate refetches watched entries only; the others are fetched when next watched', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    const stop = cache.watch('audit.list', { profileId: 'p1' });
    cache.watch('audit.list', { profileId: 'p2' });
    pending.splice(0).forEach((call) => call.answer({ ok: true, value: [] }));
    await settle();
    stop();

    cache.invalidate('audit.list');
    expect(pending.map((call) => call.input)).toEqual([{ profileId: 'p2' }]);
    expect(entry(cache, 'audit.list', { profileId: 'p1' })).toBeUndefined();

    cache.watch('audit.list', { profileId: 'p1' });
    expect(pending.map((call) => call.input)).toEqual([{ profileId: 'p2' }, { profileId: 'p1' }]);
  });

  it('invalidate picks entries by input and kept value', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    cache.watch('processes.getByReference', { externalReference: 'FT-1' });
    cache.watch('processes.getByReference', { externalReference: 'FT-2' });
    pending[0]!.answer({ ok: true, value: { processId: 'a' } });
    pending[1]!.answer({ ok: true, value: { processId: 'b' } });
    await settle();
    cache.invalidate(
      'processes.getByReference',
      (_input, value) => (value as { processId: string }).processId === 'b',
    );
    expect(pending.slice(2).map((call) => call.input)).toEqual([{ externalReference: 'FT-2' }]);
  });

  it('update rewrites the ready entries of one call in place', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    cache.watch('processes.get', input);
    pending[0]!.answer({ ok: true, value: { notes: [1] } });
    await settle();
    cache.update('processes.get', (value) => ({ notes: [...(value as { notes: number[] }).notes, 2] }));
    expect(entry(cache, 'processes.get', input)).toEqual({ status: 'ready', value: { notes: [1, 2] } });
    expect(pending).toHaveLength(1);
  });

  it('shows an entry set before anyone watched without a call; refreshes one its watchers left', () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    cache.set('processes.get', input, { name: 'started' });
    const stop = cache.watch('processes.get', input);
    expect(pending).toHaveLength(0);
    stop();
    cache.watch('processes.get', input);
    expect(pending).toHaveLength(1);
  });
});

describe('forgetting a profile', () => {
  it('drops every entry asked for with it, and asks again for the watched ones without the old value', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    const shown = { profileId: 'p1', processId: 'a' };
    const left = { profileId: 'p1', externalReference: 'FT-1' };
    cache.watch('processes.get', shown);
    const stop = cache.watch('processes.getByReference', left);
    cache.watch('history.list', { profileId: 'p2' });
    cache.watch('audit.list', {});
    pending.splice(0).forEach((call) => call.answer({ ok: true, value: { tenant: 'old' } }));
    await settle();
    stop();

    cache.forget(askedWithProfile('p1'));
    const entries = cache.store.getState().entries;
    expect(entries[cacheKey('processes.get', shown)]?.remote).toEqual({ status: 'loading' });
    expect(entries[cacheKey('processes.getByReference', left)]).toBeUndefined();
    expect(entries[cacheKey('history.list', { profileId: 'p2' })]?.remote.status).toBe('ready');
    expect(entries[cacheKey('audit.list', {})]?.remote.status).toBe('ready');
    expect(pending.map((call) => call.input)).toEqual([shown]);

    cache.watch('processes.getByReference', left);
    expect(pending.map((call) => call.input)).toEqual([shown, left]);
  });

  it('ignores an answer the old tenant was still giving', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher);
    const input = { profileId: 'p1', processId: 'a' };
    cache.watch('processes.get', input);
    cache.forget(askedWithProfile('p1'));
    pending[0]!.answer({ ok: true, value: { tenant: 'old' } });
    await settle();
    expect(cache.store.getState().entries[cacheKey('processes.get', input)]?.remote).toEqual({
      status: 'loading',
    });
    pending[1]!.answer({ ok: true, value: { tenant: 'new' } });
    await settle();
    expect(cache.store.getState().entries[cacheKey('processes.get', input)]?.remote).toEqual({
      status: 'ready',
      value: { tenant: 'new' },
    });
  });

  const entry = (cache: ReturnType<typeof createRemoteCache>, call: string, key: unknown) =>
    cache.store.getState().entries[cacheKey(call, key)]?.remote;

  it('cancels a first read at once with a calm Cancelled result, and asks main to stop it', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cancelled: string[] = [];
    const ids = ['r1', 'r2'];
    const cache = createRemoteCache(
      fetcher,
      (_call, requestId) => cancelled.push(requestId),
      () => ids.shift()!,
    );
    const input = { profileId: 'p1', processId: 'a' };
    cache.watch('processes.get', input);
    cache.cancel('processes.get', input);
    expect(cancelled).toEqual(['r1']);
    expect(entry(cache, 'processes.get', input)).toEqual({ status: 'error', error: cancelledByUser });
    // The answer main gives for the aborted request changes nothing.
    pending[0]!.answer({ ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } });
    await settle();
    expect(entry(cache, 'processes.get', input)).toEqual({ status: 'error', error: cancelledByUser });
    // Retry is a new request with its own id.
    void cache.fetch('processes.get', input);
    pending[1]!.answer({ ok: true, value: { name: 'one' } });
    await settle();
    expect(entry(cache, 'processes.get', input)).toEqual({ status: 'ready', value: { name: 'one' } });
  });

  it('cancels a refresh back to the value shown before it', async () => {
    const { fetcher, pending } = controlledFetcher();
    const cache = createRemoteCache(fetcher, () => {});
    const input = { profileId: 'p1', processId: 'a' };
    cache.watch('processes.get', input);
    pending[0]!.answer({ ok: true, value: { name: 'one' } });
    await settle();
    void cache.fetch('processes.get', input);
    cache.cancel('processes.get', input);
    expect(entry(cache, 'processes.get', input)).toEqual({ status: 'ready', value: { name: 'one' } });
  });
});
