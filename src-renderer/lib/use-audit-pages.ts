import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallInput } from '../../src-shared/contract';
import type { AuditPage, AuditRecord } from '../../src-shared/logs';
import type { CallError } from '../../src-shared/result';
import { api } from './api';
import { useRemote } from './cache';
import { currentValue, type Remote } from './remote';

/** An audit filter as the screen sends it (no cursor: the hook pages). */
export type AuditScreenFilter = Omit<NonNullable<CallInput<'audit.list'>>, 'cursor' | 'limit'>;

/** The audit as the screen scrolls it: the first page from the cache, older pages as asked for. */
export interface AuditPages {
  remote: Remote<AuditPage>;
  records: AuditRecord[];
  reload: () => void;
  loadMore: () => void;
  moreError: CallError | null;
}

const pageSize = 200;

/**
 * The first page lives in the one remote cache (so a change made elsewhere invalidates it); the
 * older pages hang off it and are dropped whenever it changes, so paging never mixes two answers.
 * While the index catches up with the file, the first page is asked again until it has.
 */
export function useAuditPages(filter: AuditScreenFilter): AuditPages {
  const [remote, reload] = useRemote('audit.list', { ...filter, limit: pageSize }, { keepPrevious: true });
  const first = currentValue(remote);
  const [older, setOlder] = useState<{ from: AuditPage | undefined; pages: AuditPage[] }>({
    from: undefined,
    pages: [],
  });
  const [moreError, setMoreError] = useState<CallError | null>(null);
  const loading = useRef(false);
  const pages = older.from === first ? older.pages : [];
  if (older.from !== first) setOlder({ from: first, pages: [] });

  const last = pages.at(-1) ?? first;
  const filterJson = JSON.stringify(filter);
  const loadMore = useCallback(() => {
    const cursor = last?.nextCursor;
    if (!cursor || loading.current) return;
    loading.current = true;
    void api.audit
      .list({ ...(JSON.parse(filterJson) as AuditScreenFilter), cursor, limit: pageSize })
      .then((result) => {
        loading.current = false;
        if (!result.ok) return setMoreError(result.error);
        setMoreError(null);
        setOlder((current) =>
          current.from === first ? { from: first, pages: [...current.pages, result.value] } : current,
        );
      });
  }, [last, first, filterJson]);

  const catchingUp = first?.indexing != null;
  useEffect(() => {
    if (!catchingUp) return undefined;
    // Polls only while main rebuilds the index: the page says how far it is.
    const timer = setTimeout(reload, 500);
    return () => clearTimeout(timer);
  });

  const records = first ? [first, ...pages].flatMap((page) => page.records) : [];
  return { remote, records, reload, loadMore: catchingUp ? () => undefined : loadMore, moreError };
}
