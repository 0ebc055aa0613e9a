import { useCallback, useRef, useState } from 'react';
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

/**
 * The first page lives in the remote cache, so progress events and changes invalidate it; later
 * pages hang off it and are dropped whenever it changes, so paging never mixes two answers.
 */
export function useBatchRows(batchId: string, query: BatchQuery): BatchRows {
  const [remote, reload] = useRemote(
    'batches.get',
    { batchId, offset: 0, limit: pageSize, ...query },
    { keepPrevious: true },
  );
  const first = currentValue(remote);
  const [later, setLater] = useState<{ from: BatchPage | undefined; pages: BatchPage[] }>({
    from: undefined,
    pages: [],
  });
  const [moreError, setMoreError] = useState<CallError | null>(null);
  const loading = useRef(false);
  const pages = later.from === first ? later.pages : [];
  if (later.from !== first) setLater({ from: first, pages: [] });

  const loaded = (first?.rows.length ?? 0) + pages.reduce((sum, page) => sum + page.rows.length, 0);
  const queryJson = JSON.stringify(query);
  const loadMore = useCallback(() => {
    if (!first || loaded >= first.matching || loading.current) return;
    loading.current = true;
    const asked = JSON.parse(queryJson) as BatchQuery;
    void api.batches.get({ batchId, offset: loaded, limit: pageSize, ...asked }).then((result) => {
      loading.current = false;
      if (!result.ok) return setMoreError(result.error);
      setMoreError(null);
      setLater((current) =>
        current.from === first ? { from: first, pages: [...current.pages, result.value] } : current,
      );
    });
  }, [batchId, first, loaded, queryJson]);

  const rows = first ? [first, ...pages].flatMap((page) => page.rows) : [];
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
