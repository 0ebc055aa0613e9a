import { useEffect, useRef } from 'react';
import type { Process } from '../../../src-shared/api';
import { CopyButton } from '../../components/copy-button';
import { formatDateTime, formatStatus } from '../../lib/format';

/** Who and where the process is: type, reference, id, status, dates, location, allocated user. */
export function ProcessHeader({
  process,
  pinned,
  onTogglePin,
  onRefresh,
  refreshing,
}: {
  process: Process;
  pinned: boolean;
  onTogglePin: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A newly opened process takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), [process.processId]);
  return (
    <header className="process-header">
      <div className="process-title">
        <p className="muted">{process.processTypeName || process.processTypeId}</p>
        <h1 ref={heading} tabIndex={-1}>
          {process.externalReference}
          <span
            className={process.status === 'Completed' ? 'status-pill status-done' : 'status-pill status-open'}
          >
            {formatStatus(process.status)}
          </span>
        </h1>
        <p className="process-id">
          <span className="muted">Process id</span> <code className="mono-id">{process.processId}</code>{' '}
          <CopyButton value={process.processId} label="Copy process id" />
        </p>
      </div>
      <div className="button-row">
        <button type="button" aria-pressed={pinned} onClick={onTogglePin}>
          {pinned ? 'Unpin' : 'Pin'}
        </button>
        <button type="button" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <dl className="facts facts-row">
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(process.startedDate)}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{formatDateTime(process.completedDate)}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{process.location ?? '—'}</dd>
        </div>
        <div>
          <dt>Allocated user</dt>
          <dd>{process.allocatedUser ?? '—'}</dd>
        </div>
      </dl>
    </header>
  );
}
