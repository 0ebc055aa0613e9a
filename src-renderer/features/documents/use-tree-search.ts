import { useCallback, useEffect, useState } from 'react';
import type { CallError } from '../../../src-shared/result';
import { api } from '../../lib/api';

const matchesPerPage = 200;

/*
 * Search in the tree, run in main over the whole document; the matches come back by page. The
 * query is sent once typing pauses, so a 120,000-element tree is not searched per keystroke.
 */
export function useTreeSearch(documentRef: string, query: string, onFailure: (error: CallError) => void) {
  const [found, setFound] = useState<{ query: string; total: number; pages: Map<number, string[]> }>({
    query: '',
    total: 0,
    pages: new Map(),
  });
  useEffect(() => {
    const wanted = query.trim();
    // An empty query shows no matches (see `current` below); nothing to ask.
    if (!wanted) return;
    let stale = false;
    const timer = setTimeout(() => {
      void api.documents
        .search({ documentRef, query: wanted, offset: 0, limit: matchesPerPage })
        .then((result) => {
          if (stale) return;
          if (!result.ok) return onFailure(result.error);
          setFound({ query: wanted, total: result.value.total, pages: new Map([[0, result.value.paths]]) });
        });
    }, 150);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [documentRef, query, onFailure]);

  /** The path of match `index`, asking main for its page when it is not here yet. */
  const matchAt = useCallback(
    async (index: number): Promise<string | undefined> => {
      const page = Math.floor(index / matchesPerPage);
      const known = found.pages.get(page);
      if (known) return known[index % matchesPerPage];
      const result = await api.documents.search({
        documentRef,
        query: found.query,
        offset: page * matchesPerPage,
        limit: matchesPerPage,
      });
      if (!result.ok) {
        onFailure(result.error);
        return undefined;
      }
      found.pages.set(page, result.value.paths);
      return result.value.paths[index % matchesPerPage];
    },
    [documentRef, found, onFailure],
  );

  const current = found.query === query.trim() ? found : { query: '', total: 0, pages: new Map() };
  const highlighted = new Set([...current.pages.values()].flat());
  return { query: current.query, total: current.total, highlighted, matchAt };
}
