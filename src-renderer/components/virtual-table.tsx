import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { VirtualRows } from './virtual-rows';

/**
 * A table (ARIA roles on a grid of divs) over VirtualRows: a fixed header and only the rows in
 * view, asking for more as the last loaded row nears the view.
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
  /** Column headers: names, or elements with role="columnheader" (a sort button). */
  header: readonly (string | ReactNode)[];
  estimateSize: number;
  getKey: (item: T) => string;
  /** One element with role="row" (or a fragment of them). */
  renderRow: (item: T, index: number) => ReactNode;
  /** Called when the last loaded rows come into view; the caller loads the next page once. */
  onNearEnd?: () => void;
  label: string;
}) {
  const grid = { '--columns': columns } as CSSProperties;
  return (
    <div role="table" aria-label={label} aria-rowcount={total + 1} className="virtual-table" style={grid}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className="virtual-table-row virtual-table-header">
          {header.map((cell, index) =>
            typeof cell === 'string' ? (
              <div role="columnheader" key={cell}>
                {cell}
              </div>
            ) : (
              <Fragment key={index}>{cell}</Fragment>
            ),
          )}
        </div>
      </div>
      <VirtualRows
        items={items}
        estimateSize={estimateSize}
        getKey={(item) => getKey(item)}
        renderRow={renderRow}
        onNearEnd={onNearEnd}
        label={label}
        groupProps={{ role: 'rowgroup' }}
      />
    </div>
  );
}
