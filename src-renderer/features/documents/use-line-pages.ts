import { useCallback, useEffect, useRef, useState } from 'react';
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
 *
 * Scrolling fast asks for many pages that are out of view by the time they arrive; such a page is
 * kept without drawing anything, and the pages that arrive in one frame are drawn together, so
 * the view renders at most once a frame (each render was a task of its own, and under load those
 * tasks were the longest while scrolling).
 */
export function useLinePages(documentRef: string, first: TextPage, onFailure: (error: CallError) => void) {
  const pages = useRef(new Map<number, string[]>([[0, first.lines]]));
  const asked = useRef(new Set<number>([0]));
  const shown = useRef({ first: 0, last: 0 });
  const frame = useRef(0);
  const [, setVersion] = useState(0);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const arrived = useCallback((page: number) => {
    if (page < shown.current.first || page > shown.current.last || frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setVersion((version) => version + 1);
    });
  }, []);

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
        // Measured from the view, not from the page that arrived: a late page far from the view
        // must not push out the pages on screen.
        const { first: viewFirst, last: viewLast } = shown.current;
        for (const kept of pages.current.keys()) {
          if (pages.current.size <= keptPages) break;
          if (kept < viewFirst - keptPages / 2 || kept > viewLast + keptPages / 2) {
            pages.current.delete(kept);
            asked.current.delete(kept);
          }
        }
        arrived(page);
      });
    },
    [documentRef, onFailure, arrived],
  );

  /** The pages in view: asked for when missing, and drawn when they arrive. */
  const show = useCallback(
    (firstPage: number, lastPage: number) => {
      shown.current = { first: firstPage, last: lastPage };
      for (let page = firstPage; page <= lastPage; page++) ensure(page);
    },
    [ensure],
  );

  const line = (index: number): string | undefined =>
    pages.current.get(Math.floor(index / linesPerPage))?.[index % linesPerPage];
  return { line, show };
}
