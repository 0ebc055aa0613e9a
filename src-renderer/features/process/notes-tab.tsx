import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { Note, Process } from '../../../src-shared/api';
import { VirtualList } from '../../components/virtual-list';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

/** Notes newest first, and the form that adds one (author: the profile's API key name). */
export function NotesTab({
  process,
  profileId,
  onAdded,
}: {
  process: Process;
  profileId: string;
  onAdded: (note: Note) => void;
}) {
  const notes = useMemo(
    () => [...process.notes].sort((a, b) => b.createdOn.localeCompare(a.createdOn)),
    [process.notes],
  );
  return (
    <div className="notes">
      <AddNoteForm processId={process.processId} profileId={profileId} onAdded={onAdded} />
      {notes.length === 0 ? (
        <p className="muted empty">No notes yet.</p>
      ) : (
        <VirtualList
          label="Notes"
          className="notes-list"
          items={notes}
          estimateSize={84}
          getKey={(note) => note.noteId}
          renderItem={(note) => (
            <article className="note" aria-label={`Note by ${note.author}`}>
              <header className="note-header">
                <strong>{note.author}</strong>
                <span className="muted">{formatDateTime(note.createdOn)}</span>
                {note.visibleToAccounts && <span className="badge">Visible to accounts</span>}
              </header>
              <p className="note-contents">{note.contents}</p>
            </article>
          )}
        />
      )}
    </div>
  );
}

function AddNoteForm({
  processId,
  profileId,
  onAdded,
}: {
  processId: string;
  profileId: string;
  onAdded: (note: Note) => void;
}) {
  const [contents, setContents] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One idempotency key per intent: a retry after a failure is the same note, not a second one.
  const intent = useRef<string>(crypto.randomUUID());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!contents.trim() || busy) return;
    setBusy(true);
    setError(null);
    const result = await api.notes.add({
      profileId,
      processId,
      contents,
      visibleToAccounts: visible,
      intentId: intent.current,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    intent.current = crypto.randomUUID();
    setContents('');
    setVisible(false);
    onAdded(result.value);
  }

  return (
    <form className="form add-note" onSubmit={submit} aria-label="Add a note">
      <label className="field">
        <span>Note</span>
        <textarea
          value={contents}
          rows={3}
          onChange={(event) => {
            setContents(event.target.value);
            if (error) intent.current = crypto.randomUUID();
            setError(null);
          }}
        />
      </label>
      <div className="button-row">
        <label className="checkbox">
          <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
          Visible to linked accounts
        </label>
        <button type="submit" className="primary" disabled={busy || !contents.trim()}>
          {busy ? 'Adding…' : 'Add note'}
        </button>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </form>
  );
}
