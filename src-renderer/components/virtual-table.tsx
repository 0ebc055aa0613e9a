import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

/**
 * A table (ARIA roles on a grid of divs) that renders only the rows in view and asks for more
 * as the last loaded row nears the view, so a log of 200,000 records scrolls like one of 20.
 * Rows may differ in height (an opened record); each is measured once rendered.
 */
export function VirtualTable<T>({
  items,
  total,
  columns,
  header,
  estimateSize,
  getKey,
  renderRow,
  onNearEnd,
  label,
}: {
  items: readonly T[];
  /** Rows in the whole result, loaded or not (for assistive technology). */
  total: number;
  /** CSS grid-template-columns shared by the header and every row. */
  columns: string;
  header: string[];
  estimateSize: number;
  getKey: (item: T) => string;
  /** One element with role="row" (or a fragment of them). */
  renderRow: (item: T, index: number) => ReactNode;
  /** Called when the last loaded rows come into view; the caller loads the next page once. */
  onNearEnd?: () => void;
  label: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions the React Compiler cannot memoize; this component does not rely on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index]!),
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onNearEnd && items.length > 0 && lastShown >= items.length - 20) onNearEnd();
  }, [lastShown, items.length, onNearEnd]);
  const grid = { '--columns': columns } as CSSProperties;

  return (
    <div role="table" aria-label={label} aria-rowcount={total + 1} className="virtual-table" style={grid}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className="virtual-table-row virtual-table-header">
          {header.map((name) => (
            <div role="columnheader" key={name}>
              {name}
            </div>
          ))}
        </div>
      </div>
      <div ref={scrollRef} className="virtual-scroll" data-testid={`${label} scroller`}>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {rows.map((row) => (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${row.start}px)`,
              }}
            >
              {renderRow(items[row.index]!, row.index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
