import type { BatchRow } from '../../../src-shared/batches';
import type { batchSortKeys } from '../../../src-shared/calls-batches';
import { VirtualTable } from '../../components/virtual-table';
import { formatDateTime, formatDuration } from '../../lib/format';

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
  const now = new Date().toISOString();
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
      columns="2rem 0.9fr 1.1fr 0.9fr 1.5fr 1.5fr 1fr 0.7fr 0.7fr 1.7fr"
      header={header}
      estimateSize={44}
      getKey={(row) => String(row.rowNo)}
      onNearEnd={onNearEnd}
      renderRow={(row, index) => (
        <div
          role="row"
          aria-rowindex={index + 2}
          aria-selected={selected.has(row.rowNo)}
          className={selected.has(row.rowNo) ? 'virtual-table-row selected' : 'virtual-table-row'}
        >
          <div role="cell">
            <input
              type="checkbox"
              aria-label={`Choose ${row.externalReference ?? row.input}`}
              checked={selected.has(row.rowNo)}
              onChange={(event) => onToggle(row.rowNo, event.target.checked)}
            />
          </div>
          <div role="cell" className="mono">
            {row.externalReference ?? row.input}
          </div>
          <div role="cell">{row.processTypeName ?? '—'}</div>
          <div role="cell">{row.status ?? '—'}</div>
          <div role="cell">
            {row.currentStep ? (
              <>
                {row.currentStep.name} <span className="muted small">({row.currentStep.kind})</span>
              </>
            ) : (
              '—'
            )}
          </div>
          <div role="cell">
            {row.currentStep?.startedOn ? (
              <>
                {formatDateTime(row.currentStep.startedOn)}{' '}
                <span className="muted small">({formatDuration(row.currentStep.startedOn, now)})</span>
              </>
            ) : (
              '—'
            )}
          </div>
          <div role="cell">{row.allocatedUser ?? '—'}</div>
          <div role="cell">{row.restFailed ? 'Failed' : ''}</div>
          <div role="cell">{row.read === 'failed' ? `Failed: ${row.readError ?? ''}` : row.read}</div>
          <div role="cell">
            {row.action === 'none' ? '' : row.action}
            {row.actionMessage && <span className="muted small"> — {row.actionMessage}</span>}
          </div>
        </div>
      )}
    />
  );
}
