import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

/**
 * A list that renders only the rows in view, so 10,000 steps or notes scroll smoothly. Rows may
 * differ in height (an expanded REST call); each is measured once rendered.
 */
export function VirtualList<T>({
  items,
  estimateSize,
  getKey,
  renderItem,
  label,
  className,
}: {
  items: readonly T[];
  estimateSize: number;
  getKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
  className?: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions the React Compiler cannot memoize; this component does not rely on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index]!, index),
    overscan: 8,
  });

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      className={`virtual-scroll ${className ?? ''}`}
      data-testid={`${label} scroller`}
    >
      <div
        role="list"
        aria-label={label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
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
            {renderItem(items[row.index]!, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
