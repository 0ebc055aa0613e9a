import { memo } from 'react';
import type { BatchRow } from '../../../src-shared/batches';
import { formatDateTime, formatDuration, formatStatus } from '../../lib/format';

/**
 * One row of the batch table. Memoised: while a 10,000-row table scrolls, the rows already on
 * screen keep their props (the row, whether it is chosen, the time the rows were read at), so
 * only rows coming into view render, and their dates are formatted once then, not every frame.
 */
export const BatchTableRow = memo(function BatchTableRow({
  row,
  index,
  chosen,
  onToggle,
  now,
}: {
  row: BatchRow;
  index: number;
  chosen: boolean;
  onToggle: (rowNo: number, chosen: boolean) => void;
  /** When the rows were answered: "waiting since" counts up to it. */
  now: string;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={chosen}
      className={chosen ? 'virtual-table-row selected' : 'virtual-table-row'}
    >
      <div role="cell">
        <input
          type="checkbox"
          aria-label={`Choose ${row.externalReference ?? row.input}`}
          checked={chosen}
          onChange={(event) => onToggle(row.rowNo, event.target.checked)}
        />
      </div>
      <div role="cell" className="mono">
        {row.externalReference ?? row.input}
      </div>
      <div role="cell">{row.processTypeName ?? '—'}</div>
      <div role="cell">{row.status ? formatStatus(row.status) : '—'}</div>
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
      {row.read === 'failed' && row.action === 'none' ? (
        // A read error is a sentence or three; in the narrow Read column alone it stood one word a
        // line, a row as tall as the screen. With no outcome to show it takes the Outcome column too.
        <div role="cell" aria-colspan={2} className="batch-read-error">
          Failed: {row.readError ?? ''}
        </div>
      ) : (
        <>
          <div role="cell">{row.read === 'failed' ? `Failed: ${row.readError ?? ''}` : row.read}</div>
          <div role="cell">
            {row.action === 'none' ? '' : row.action}
            {row.actionMessage && <span className="muted small"> — {row.actionMessage}</span>}
          </div>
        </>
      )}
    </div>
  );
});
