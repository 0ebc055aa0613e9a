import { useRef, useState } from 'react';
import type { CallInput } from '../../../src-shared/contract';
import type { RequestLogEntry } from '../../../src-shared/logs';
import { api } from '../../lib/api';
import { useRemote } from '../../lib/cache';
import { currentValue } from '../../lib/remote';

type RequestFilter = Omit<NonNullable<CallInput<'requests.list'>>, 'before' | 'limit'>;

const pageSize = 200;

/**
 * The request log as the screen scrolls it: main filters its ring and sends a page; the first page
 * lives in the remote cache, older ones (after the last id shown) are added as the list nears its end.
 */
export function useRequestPages(filter: RequestFilter) {
  const [remote, reload] = useRemote('requests.list', { ...filter, limit: pageSize }, { keepPrevious: true });
  const first = currentValue(remote);
  const [older, setOlder] = useState<{ from: unknown; entries: RequestLogEntry[]; done: boolean }>({
    from: undefined,
    entries: [],
    done: false,
  });
  const loading = useRef(false);
  const current = older.from === first ? older : { from: first, entries: [], done: false };
  if (older.from !== first) setOlder(current);
  const entries = first ? [...first, ...current.entries] : [];
  const lastId = entries.at(-1)?.id;
  const filterJson = JSON.stringify(filter);
  const full = (first?.length ?? 0) < pageSize || current.done;

  const loadMore = () => {
    if (full || !lastId || loading.current) return;
    loading.current = true;
    void api.requests
      .list({ ...(JSON.parse(filterJson) as RequestFilter), before: lastId, limit: pageSize })
      .then((result) => {
        loading.current = false;
        if (!result.ok) return;
        setOlder((kept) =>
          kept.from === first
            ? {
                from: first,
                entries: [...kept.entries, ...result.value],
                done: result.value.length < pageSize,
              }
            : kept,
        );
      });
  };

  return { remote, entries, reload, loadMore };
}
