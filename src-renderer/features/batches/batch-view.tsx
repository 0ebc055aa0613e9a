import { useCallback, useState } from 'react';
import type { ProfileView } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { EnvBadge } from '../../components/env-badge';
import { RemoteView } from '../../components/remote-view';
import { api } from '../../lib/api';
import { invalidate } from '../../lib/cache';
import { BatchActionPanel } from './batch-action-panel';
import { BatchFilters, type BatchFilter } from './batch-filters';
import { BatchOutcomes } from './batch-outcomes';
import { BatchProgressPanel } from './batch-progress-panel';
import { BatchSettingsForm } from './batch-settings-form';
import { BatchTable, type BatchSort } from './batch-table';
import { isBusy } from './batch-state';
import { matchingRowNos, useBatchRows } from './use-batch-rows';
import { counted } from '../../../src-shared/counted';

/**
 * One batch: its pace, progress with Read / Pause / Resume / Cancel, the filtered and sorted
 * table with chosen rows and Re-read, the change to make on them, and the outcomes with Export.
 */
export function BatchView({
  batchId,
  profile,
  onBack,
}: {
  batchId: string;
  profile: ProfileView;
  onBack: () => void;
}) {
  const [sort, setSort] = useState<BatchSort>({ by: 'rowNo', direction: 'asc' });
  const [filter, setFilter] = useState<BatchFilter>({});
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [error, setError] = useState<CallFailure | null>(null);
  const table = useBatchRows(batchId, { sort, filter });

  // One function for the view's life, so the table's memoised rows do not render again for it.
  const toggle = useCallback(
    (rowNo: number, chosen: boolean) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (chosen) next.add(rowNo);
        else next.delete(rowNo);
        return next;
      }),
    [],
  );

  async function selectAllFiltered() {
    const result = await matchingRowNos(batchId, { sort, filter });
    if (!result.ok) return setError(result.error);
    setError(null);
    setSelected((previous) => new Set([...previous, ...result.rowNos]));
  }

  async function reRead() {
    const result = await api.batches.read({ batchId, rows: [...selected] });
    if (!result.ok) return setError(result.error);
    setError(null);
    invalidate('batches.get', (input) => input.batchId === batchId);
    invalidate('batches.list');
  }

  return (
    <div className="screen batch-view">
      <p>
        <button type="button" className="link-button" onClick={onBack}>
          ← All batches
        </button>
      </p>
      <RemoteView remote={table.remote} onRetry={table.reload} label="batch">
        {(page) => (
          <>
            <h1>
              {page.batch.name} <EnvBadge environment={profile.environment} />
            </h1>
            <p className="muted">
              {page.batch.counts.rows.toLocaleString('en')} processes of {profile.name}
            </p>
            <BatchSettingsForm profileId={profile.id} />
            <BatchProgressPanel batch={page.batch} />
            <BatchFilters steps={page.batch.counts.steps} filter={filter} onChange={setFilter} />
            <div className="button-row selection-bar">
              <span role="status">
                {counted(page.matching, 'row', 'rows')} shown · {selected.size.toLocaleString('en')} chosen
              </span>
              <button type="button" disabled={page.matching === 0} onClick={() => void selectAllFiltered()}>
                Select all filtered
              </button>
              <button type="button" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
                Clear choice
              </button>
              <button
                type="button"
                disabled={selected.size === 0 || isBusy(page.batch)}
                onClick={() => void reRead()}
              >
                Re-read chosen rows
              </button>
            </div>
            {error && <CallError error={error} inline />}
            {table.moreError && <CallError error={table.moreError} inline />}
            <BatchTable
              rows={table.rows}
              matching={page.matching}
              sort={sort}
              onSort={setSort}
              selected={selected}
              onToggle={toggle}
              onNearEnd={table.loadMore}
            />
            <BatchActionPanel batch={page.batch} profile={profile} chosen={[...selected]} />
            <BatchOutcomes batch={page.batch} />
          </>
        )}
      </RemoteView>
    </div>
  );
}
