import { useState } from 'react';
import { CallError } from './call-error';
import { RemoteView } from './remote-view';
import { VirtualTable } from './virtual-table';
import { auditColumns, AuditRow } from './audit-row';
import { useAuditPages, type AuditScreenFilter } from '../lib/use-audit-pages';

/**
 * The audit records a filter selects, newest first, as a virtualised table that loads older pages
 * as it scrolls, with the total count and, while main rebuilds the index, how far it is.
 */
export function AuditRecords({
  filter,
  empty,
  onOpenProcess,
}: {
  filter: AuditScreenFilter;
  empty: string;
  onOpenProcess?: (id: string) => void;
}) {
  const { remote, records, reload, loadMore, moreError } = useAuditPages(filter);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <RemoteView remote={remote} onRetry={reload} label="audit records">
      {(first) => (
        <>
          {first.indexing && (
            <p role="status" className="muted">
              Catching up with the audit file: {percent(first.indexing)}% indexed. The newest records may be
              missing until it finishes.
            </p>
          )}
          {/* With none, the empty sentence below says so: "0 records" would say it twice. */}
          {first.total > 0 && (
            <p className="muted" aria-live="polite">
              {first.total.toLocaleString()} {first.total === 1 ? 'record' : 'records'}
            </p>
          )}
          {records.length === 0 ? (
            <p className="muted empty">{empty}</p>
          ) : (
            <VirtualTable
              label="Audit records"
              items={records}
              total={first.total}
              columns={auditColumns.grid}
              header={auditColumns.header}
              estimateSize={38}
              getKey={(record) => `${record.intent.actionId}@${record.intent.at}`}
              onNearEnd={loadMore}
              renderRow={(record) => (
                <AuditRow
                  record={record}
                  open={selected === record.intent.actionId}
                  onToggle={() =>
                    setSelected(selected === record.intent.actionId ? null : record.intent.actionId)
                  }
                  onOpenProcess={onOpenProcess}
                />
              )}
            />
          )}
          {moreError && <CallError error={moreError} onRetry={loadMore} />}
        </>
      )}
    </RemoteView>
  );
}

function percent({ indexedBytes, totalBytes }: { indexedBytes: number; totalBytes: number }): number {
  return totalBytes === 0 ? 100 : Math.floor((indexedBytes / totalBytes) * 100);
}
