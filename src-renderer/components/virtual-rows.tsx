import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';

/**
 * The one virtual scroller: renders only the rows in view, so 10,000 steps, notes or batch rows
 * and 200,000 audit records scroll like 20. Rows may differ in height (an expanded REST call, an
 * opened record); each is measured once rendered. Lists and tables give it their ARIA roles.
 */
export function VirtualRows<T>({
  items,
  estimateSize,
  getKey,
  renderRow,
  label,
  className,
  focusable = false,
  groupProps,
  rowProps,
  onNearEnd,
}: {
  items: readonly T[];
  estimateSize: number;
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** Names the scroller for tests (`<label> scroller`). */
  label: string;
  className?: string;
  /** A list that is not a table takes keyboard focus so arrow keys scroll it. */
  focusable?: boolean;
  /** The element holding the rows: e.g. role="list" or role="rowgroup". */
  groupProps: HTMLAttributes<HTMLDivElement>;
  /** Each row's wrapper attributes, e.g. role="listitem" with its position. */
  rowProps?: (index: number) => HTMLAttributes<HTMLDivElement>;
  /** Called when the last loaded rows come into view; the caller loads the next page once. */
  onNearEnd?: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // One key function per list of items: TanStack Virtual works out every row's position again,
  // all 10,000 of them, whenever this function is a new one, which on each render was the
  // longest task while scrolling a batch. Callers write getKey inline as a pure function of the
  // item, so the items alone decide when keys may change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const getItemKey = useCallback((index: number) => getKey(items[index]!, index), [items]);
  // TanStack Virtual returns functions the React Compiler cannot memoize; this component does not rely on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey,
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onNearEnd && items.length > 0 && lastShown >= items.length - 20) onNearEnd();
  }, [lastShown, items.length, onNearEnd]);

  return (
    <div
      ref={scrollRef}
      tabIndex={focusable ? 0 : undefined}
      className={className ? `virtual-scroll ${className}` : 'virtual-scroll'}
      data-testid={`${label} scroller`}
    >
      <div {...groupProps} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => (
          <div
            key={row.key}
            {...rowProps?.(row.index)}
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
  );
}
