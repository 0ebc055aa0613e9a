import { useState } from 'react';
import type { BatchSummary } from '../../../src-shared/batches';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { Dialog } from '../../components/dialog';
import { RemoteView } from '../../components/remote-view';
import { TextField } from '../../components/text-field';
import { api } from '../../lib/api';
import { invalidate, useRemote } from '../../lib/cache';
import { countsText, jobText } from './batch-state';
import { counted } from '../../../src-shared/counted';

/** The profile's batches: name, counts, state; Open, Rename and Delete (after a confirmation). */
export function BatchList({ profileId, onOpen }: { profileId: string; onOpen: (batchId: string) => void }) {
  const [remote, reload] = useRemote('batches.list', { profileId });
  const [renaming, setRenaming] = useState<BatchSummary | null>(null);
  const [deleting, setDeleting] = useState<BatchSummary | null>(null);
  return (
    <section aria-label="Batches" className="batch-list">
      <RemoteView
        remote={remote}
        onRetry={reload}
        label="batches"
        isEmpty={(list) => list.length === 0}
        empty="No batches for this profile yet. Make one below."
      >
        {(list) => (
          <table className="data-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Rows</th>
                <th>Read</th>
                <th>Changes</th>
                <th>State</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((batch) => (
                <tr key={batch.batchId}>
                  <td>
                    <button type="button" className="link-button" onClick={() => onOpen(batch.batchId)}>
                      {batch.name}
                    </button>
                  </td>
                  <td>{batch.counts.rows.toLocaleString('en')}</td>
                  <td>{countsText(batch.counts.read) || '—'}</td>
                  <td>{countsText(batch.counts.action, ['none']) || '—'}</td>
                  <td>{jobText(batch.job)}</td>
                  <td className="button-row">
                    <button type="button" className="small-button" onClick={() => setRenaming(batch)}>
                      Rename<span className="visually-hidden"> {batch.name}</span>
                    </button>
                    <button type="button" className="small-button danger" onClick={() => setDeleting(batch)}>
                      Delete<span className="visually-hidden"> {batch.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </RemoteView>
      {renaming && <RenameDialog batch={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteDialog batch={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function RenameDialog({ batch, onClose }: { batch: BatchSummary; onClose: () => void }) {
  const [name, setName] = useState(batch.name);
  const [error, setError] = useState<CallFailure | null>(null);
  async function save() {
    const result = await api.batches.rename({ batchId: batch.batchId, name });
    if (!result.ok) return setError(result.error);
    invalidate('batches.list');
    invalidate('batches.get', (input) => input.batchId === batch.batchId);
    onClose();
  }
  return (
    <Dialog title="Rename batch" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField label="Batch name" value={name} onChange={setName} />
        {error && <CallError error={error} inline />}
        <div className="button-row">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Save name
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ batch, onClose }: { batch: BatchSummary; onClose: () => void }) {
  const [error, setError] = useState<CallFailure | null>(null);
  async function remove() {
    const result = await api.batches.delete({ batchId: batch.batchId });
    if (!result.ok) return setError(result.error);
    invalidate('batches.list');
    onClose();
  }
  return (
    <Dialog title="Delete batch" onClose={onClose}>
      <p>
        Delete the batch <strong>{batch.name}</strong> and its {counted(batch.counts.rows, 'row', 'rows')}?
        The processes themselves are not touched, and the audit log keeps every change made.
      </p>
      {error && <CallError error={error} inline />}
      <div className="button-row">
        <button type="button" onClick={onClose} data-autofocus>
          Keep it
        </button>
        <button type="button" className="primary danger" onClick={() => void remove()}>
          Delete batch
        </button>
      </div>
    </Dialog>
  );
}
