import { useMemo } from 'react';
import type { BatchRow } from '../../../src-shared/batches';
import type { batchSortKeys } from '../../../src-shared/calls-batches';
import { VirtualTable } from '../../components/virtual-table';
import { BatchTableRow } from './batch-table-row';

type SortKey = (typeof batchSortKeys)[number];
/** The table's order: a column and a direction, as `batches.get` sorts. */
export interface BatchSort {
  by: SortKey;
  direction: 'asc' | 'desc';
}

const columns: { label: string; sort?: SortKey }[] = [
  { label: 'Reference', sort: 'externalReference' },
  { label: 'Process type', sort: 'processTypeName' },
  { label: 'Status', sort: 'status' },
  { label: 'Current step', sort: 'stepName' },
  { label: 'Waiting since', sort: 'waitingSince' },
  { label: 'Allocated user', sort: 'allocatedUser' },
  { label: 'REST call failed' },
  { label: 'Read', sort: 'read' },
  { label: 'Outcome', sort: 'action' },
];

/**
 * The batch's rows, virtualised (10,000 scroll like 20), sortable by column header and chosen by
 * checkbox. Each row says where its process stands and, after a run, how its change ended.
 */
export function BatchTable({
  rows,
  matching,
  sort,
  onSort,
  selected,
  onToggle,
  onNearEnd,
}: {
  rows: readonly BatchRow[];
  matching: number;
  sort: BatchSort;
  onSort: (sort: BatchSort) => void;
  selected: ReadonlySet<number>;
  onToggle: (rowNo: number, chosen: boolean) => void;
  onNearEnd: () => void;
}) {
  // Taken when the rows change, not on every render: a new time each scroll frame would render
  // every row on screen again for its "waiting since" alone.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const now = useMemo(() => new Date().toISOString(), [rows]);
  const header = [
    <div role="columnheader" key="choose">
      <span className="visually-hidden">Chosen</span>
    </div>,
    ...columns.map((column) => {
      const sorted = column.sort !== undefined && sort.by === column.sort;
      return (
        <div
          role="columnheader"
          key={column.label}
          aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
        >
          {column.sort ? (
            <button
              type="button"
              className="link-button"
              onClick={() =>
                onSort({
                  by: column.sort!,
                  direction: sorted && sort.direction === 'asc' ? 'desc' : 'asc',
                })
              }
            >
              {column.label}
              {sorted ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
            </button>
          ) : (
            column.label
          )}
        </div>
      );
    }),
  ];
  return (
    <VirtualTable
      label="Batch rows"
      items={rows}
      total={matching}
      // The reference column is never narrower than a usual reference (FT-000001, 9 monospace
      // characters): at 1024 wide it was, and every reference broke at its hyphen onto two lines.
      columns="2rem minmax(6.4em, 0.9fr) 1.1fr 0.9fr 1.5fr 1.5fr 1fr 0.7fr 0.7fr 1.7fr"
      header={header}
      // A one-line row measures 33 px (rounded, as the virtualizer measures): an estimate that
      // matches means rows coming into view change no position, so no scroll adjustment or
      // recomputation of the 10,000 positions follows each one (44 did, on every frame).
      estimateSize={33}
      getKey={(row) => String(row.rowNo)}
      onNearEnd={onNearEnd}
      renderRow={(row, index) => (
        <BatchTableRow
          row={row}
          index={index}
          chosen={selected.has(row.rowNo)}
          onToggle={onToggle}
          now={now}
        />
      )}
    />
  );
}
