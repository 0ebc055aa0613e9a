import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { TextPage } from '../../../src-shared/documents';
import type { CallError } from '../../../src-shared/result';
import { linesPerPage, useLinePages } from './use-line-pages';

const lineHeight = 20;

/**
 * The text with line numbers, virtualised and paged: only the lines in view are asked of main,
 * so a 10 MiB document opens at once and scrolls to its last line. Lines do not wrap (CSS
 * `white-space: pre`), so every row is one line high and the scroll height is exact.
 */
export function RawView({
  documentRef,
  first,
  onFailure,
}: {
  documentRef: string;
  first: TextPage;
  onFailure: (error: CallError) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { line, ensure } = useLinePages(documentRef, first, onFailure);
  const width = String(first.lineCount).length;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's API; this component does not rely on memoization of it.
  const virtualizer = useVirtualizer({
    count: first.lineCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => lineHeight,
    overscan: 20,
  });
  const items = virtualizer.getVirtualItems();
  const firstPage = Math.floor((items[0]?.index ?? 0) / linesPerPage);
  const lastPage = Math.floor((items.at(-1)?.index ?? 0) / linesPerPage);
  useEffect(() => {
    for (let page = firstPage; page <= lastPage; page++) ensure(page);
  }, [firstPage, lastPage, ensure]);

  return (
    <div ref={scrollRef} tabIndex={0} className="virtual-scroll raw-view" data-testid="Raw text scroller">
      <div
        role="list"
        aria-label="Raw text"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const text = line(item.index);
          return (
            <div
              key={item.index}
              role="listitem"
              aria-setsize={first.lineCount}
              aria-posinset={item.index + 1}
              aria-busy={text === undefined}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                minWidth: '100%',
                height: lineHeight,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <div className="raw-line">
                <span className="line-number" aria-hidden="true" style={{ width: `${width + 1}ch` }}>
                  {item.index + 1}
                </span>
                <span className="line-text">{text === undefined ? '…' : text || ' '}</span>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
