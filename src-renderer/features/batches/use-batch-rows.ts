import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BatchPage, BatchRow } from '../../../src-shared/batches';
import type { CallInput } from '../../../src-shared/contract';
import type { CallError } from '../../../src-shared/result';
import { api } from '../../lib/api';
import { useRemote } from '../../lib/cache';
import { currentValue, type Remote } from '../../lib/remote';

/** How the table is sorted and filtered (the page is the hook's business). */
export type BatchQuery = Required<Pick<CallInput<'batches.get'>, 'sort' | 'filter'>>;

/** The table as it scrolls: the first page from the one cache, later pages as the end nears. */
export interface BatchRows {
  remote: Remote<BatchPage>;
  rows: BatchRow[];
  reload: () => void;
  loadMore: () => void;
  moreError: CallError | null;
}

const pageSize = 1000;
const noPages: BatchPage[] = [];

/**
 * The first page lives in the remote cache, so progress events and changes invalidate it; later
 * pages hang off it, asked again when it changes and dropped when the sort or filter does.
 */
export function useBatchRows(batchId: string, query: BatchQuery): BatchRows {
  const [remote, reload] = useRemote(
    'batches.get',
    { batchId, offset: 0, limit: pageSize, ...query },
    { keepPrevious: true },
  );
  const first = currentValue(remote);
  const queryJson = JSON.stringify(query);
  const [later, setLater] = useState<{ from: BatchPage | undefined; query: string; pages: BatchPage[] }>({
    from: undefined,
    query: queryJson,
    pages: [],
  });
  const [moreError, setMoreError] = useState<CallError | null>(null);
  const loading = useRef(false);
  // Another sort or filter: its pages start again.
  if (later.query !== queryJson) setLater({ from: first, query: queryJson, pages: [] });
  const pages = later.query === queryJson ? later.pages : noPages;
  // The same query answered afresh (a progress event): the later pages stay shown until they are
  // asked again, so a table scrolled to row 5,000 stays there while a read goes on.
  const stale = first !== undefined && later.from !== first && pages.length > 0;

  useEffect(() => {
    if (!stale || !first) return undefined;
    let current = true;
    const asked = JSON.parse(queryJson) as BatchQuery;
    const offsets = Array.from({ length: pages.length }, (_, index) => (index + 1) * pageSize);
    void Promise.all(
      offsets.map((offset) => api.batches.get({ batchId, offset, limit: pageSize, ...asked })),
    ).then((results) => {
      if (!current) return;
      const fresh = results.flatMap((result) => (result.ok ? [result.value] : []));
      // A page that failed drops the pages after the first rather than mixing two answers.
      setLater({ from: first, query: queryJson, pages: fresh.length === results.length ? fresh : [] });
    });
    return () => {
      current = false;
    };
  }, [stale, first, queryJson, batchId, pages.length]);

  const loaded = (first?.rows.length ?? 0) + pages.reduce((sum, page) => sum + page.rows.length, 0);
  const ready = remote.status === 'ready' && !stale;
  const loadMore = useCallback(() => {
    if (!ready || !first || loaded >= first.matching || loading.current) return;
    loading.current = true;
    const asked = JSON.parse(queryJson) as BatchQuery;
    void api.batches.get({ batchId, offset: loaded, limit: pageSize, ...asked }).then((result) => {
      loading.current = false;
      if (!result.ok) return setMoreError(result.error);
      setMoreError(null);
      setLater((current) =>
        current.query === queryJson && (current.from === first || current.pages.length === 0)
          ? { from: first, query: queryJson, pages: [...current.pages, result.value] }
          : current,
      );
    });
  }, [ready, batchId, first, loaded, queryJson]);

  // One array per answer, not per render: the table's rows (and their keys) follow it.
  const rows = useMemo(() => (first ? [first, ...pages].flatMap((page) => page.rows) : []), [first, pages]);
  return { remote, rows, reload, loadMore, moreError };
}

/** Every row number the filter selects, page by page ("select all filtered" on 10,000 rows). */
export async function matchingRowNos(
  batchId: string,
  query: BatchQuery,
): Promise<{ ok: true; rowNos: number[] } | { ok: false; error: CallError }> {
  const rowNos: number[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const result = await api.batches.get({ batchId, offset, limit: pageSize, ...query });
    if (!result.ok) return result;
    rowNos.push(...result.value.rows.map((row) => row.rowNo));
    if (result.value.rows.length < pageSize || rowNos.length >= result.value.matching)
      return { ok: true, rowNos };
  }
}
