import { useCallback, useRef, useState } from 'react';
import type { TextPage } from '../../../src-shared/documents';
import type { CallError } from '../../../src-shared/result';
import { api } from '../../lib/api';

/** Lines per page asked of main; the first answer carries page 0. */
export const linesPerPage = 200;
// Pages far from the view are dropped, so scrolling a 10 MiB text does not keep all of it here.
const keptPages = 40;

/*
 * The raw view's lines, a page at a time from main's kept copy. Pages belong to this open viewer
 * and go with it, so they are held here rather than in the app-wide remote cache.
 */
export function useLinePages(documentRef: string, first: TextPage, onFailure: (error: CallError) => void) {
  const pages = useRef(new Map<number, string[]>([[0, first.lines]]));
  const asked = useRef(new Set<number>([0]));
  const [, setVersion] = useState(0);

  const ensure = useCallback(
    (page: number) => {
      if (asked.current.has(page)) return;
      asked.current.add(page);
      const fromLine = page * linesPerPage;
      void api.documents.text({ documentRef, fromLine, toLine: fromLine + linesPerPage }).then((result) => {
        if (!result.ok) {
          asked.current.delete(page);
          onFailure(result.error);
          return;
        }
        pages.current.set(page, result.value.lines);
        for (const kept of pages.current.keys()) {
          if (pages.current.size <= keptPages) break;
          if (Math.abs(kept - page) > keptPages / 2) {
            pages.current.delete(kept);
            asked.current.delete(kept);
          }
        }
        setVersion((version) => version + 1);
      });
    },
    [documentRef, onFailure],
  );

  const line = (index: number): string | undefined =>
    pages.current.get(Math.floor(index / linesPerPage))?.[index % linesPerPage];
  return { line, ensure };
}
