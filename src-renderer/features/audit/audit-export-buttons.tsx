import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import type { AuditScreenFilter } from '../../lib/use-audit-pages';

/**
 * Export CSV / Export JSONL of the records the filter selects. Main streams the file and reports
 * progress; Cancel stops it and leaves no file behind.
 */
export function AuditExportButtons({ filter }: { filter: AuditScreenFilter }) {
  const [running, setRunning] = useState<{ written: number; total: number } | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  useEffect(() => api.audit.onExportProgress((progress) => setRunning(progress)), []);

  async function exportAs(format: 'csv' | 'jsonl') {
    setExported(null);
    setRunning({ written: 0, total: 0 });
    const result = await api.audit.export({ format, ...filter });
    setRunning(null);
    setExported(
      result.ok ? `Exported ${result.value.count} records to ${result.value.path}` : result.error.message,
    );
  }

  return (
    <div className="button-row">
      {running ? (
        <>
          <span role="status" className="muted">
            Exporting… {running.written.toLocaleString()} of {running.total.toLocaleString()} records
          </span>
          <button type="button" onClick={() => void api.audit.cancelExport()}>
            Cancel export
          </button>
        </>
      ) : (
        <>
          <button type="button" onClick={() => void exportAs('csv')}>
            Export CSV
          </button>
          <button type="button" onClick={() => void exportAs('jsonl')}>
            Export JSONL
          </button>
        </>
      )}
      {exported && (
        <p role="status" className="muted">
          {exported}
        </p>
      )}
    </div>
  );
}
