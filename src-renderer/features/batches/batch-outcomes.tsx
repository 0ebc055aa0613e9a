import { useState } from 'react';
import type { BatchSummary } from '../../../src-shared/batches';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { api } from '../../lib/api';
import { countsText } from './batch-state';
import { counted } from '../../../src-shared/counted';

/**
 * How the rows' changes ended (done, skipped, failed, outcome unknown) and Export: main writes the
 * table with the outcomes to CSV or JSONL where it chooses (the Downloads folder in the browser
 * shell) and says where.
 */
export function BatchOutcomes({ batch }: { batch: BatchSummary }) {
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<string | null>(null);
  const [error, setError] = useState<CallFailure | null>(null);
  const { action } = batch.counts;
  const outcomes = countsText(action, ['none']);

  async function exportAs(format: 'csv' | 'jsonl') {
    setExporting(true);
    setExported(null);
    const result = await api.batches.export({ batchId: batch.batchId, format });
    setExporting(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setExported(`Exported ${counted(result.value.count, 'row', 'rows')} to ${result.value.path}`);
  }

  return (
    <section aria-label="Outcomes" className="batch-outcomes">
      <p>
        <strong>Outcomes:</strong> {outcomes || 'no change made yet'}
      </p>
      {action['outcome unknown'] > 0 && (
        <p className="warning-box">
          {counted(action['outcome unknown'], 'row has', 'rows have')} an unknown outcome: the service did not
          say whether the change happened. Each row says what to check; re-read them before acting again.
        </p>
      )}
      <div className="button-row">
        <button type="button" disabled={exporting} onClick={() => void exportAs('csv')}>
          Export CSV
        </button>
        <button type="button" disabled={exporting} onClick={() => void exportAs('jsonl')}>
          Export JSONL
        </button>
      </div>
      {exported && (
        <p role="status" className="muted">
          {exported}
        </p>
      )}
      {error && <CallError error={error} inline />}
    </section>
  );
}
