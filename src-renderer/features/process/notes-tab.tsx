import { useMemo, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { noteContentsSchema, type Note, type Process } from '../../../src-shared/api';
import { confirmProcess } from '../../../src-shared/live-confirmation';
import type { ProfileView } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { ChangeReview, reviewConfirmed } from '../../components/change-review';
import { VirtualRows } from '../../components/virtual-rows';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Checkbox } from '../../components/checkbox';
import { LengthCounter } from '../../components/length-counter';
import { formProblems } from '../../lib/form-validation';
import { limits, referenceServiceLimits } from '../../../src-shared/limits';
import { useRemote } from '../../lib/cache';
import { currentValue } from '../../lib/remote';
import { draftKey, useDraft } from '../../lib/drafts';

/** Notes newest first, and the form that adds one (author: the profile's API key name). */
export function NotesTab({
  process,
  profile,
  onAdded,
  onCheckProcess,
}: {
  process: Process;
  profile: ProfileView;
  onAdded: (note: Note) => void;
  /** Shows the process afresh, to look for a note whose outcome is unknown. */
  onCheckProcess: () => void;
}) {
  const notes = useMemo(
    () => [...process.notes].sort((a, b) => b.createdOn.localeCompare(a.createdOn)),
    [process.notes],
  );
  return (
    <div className="notes">
      <AddNoteForm process={process} profile={profile} onAdded={onAdded} onCheckProcess={onCheckProcess} />
      {notes.length === 0 ? (
        <p className="muted empty">No notes yet.</p>
      ) : (
        <VirtualRows
          label="Notes"
          focusable
          groupProps={{ role: 'list', 'aria-label': 'Notes' }}
          rowProps={(index) => ({
            role: 'listitem',
            'aria-setsize': notes.length,
            'aria-posinset': index + 1,
          })}
          className="notes-list"
          items={notes}
          estimateSize={84}
          getKey={(note) => note.noteId}
          renderRow={(note) => (
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

/**
 * The longest note the profile's tenant is known to take: the reference service's limit when the
 * profile is the embedded reference service's, else the contract's own maximum.
 */
function useNoteLimit(profile: ProfileView): { characters: number; takenBy: string } {
  const [sandbox] = useRemote('sandbox.status', {});
  return currentValue(sandbox)?.profileId === profile.id
    ? { characters: referenceServiceLimits.noteContents, takenBy: 'the reference service' }
    : { characters: limits.noteContents, takenBy: 'the console' };
}

const emptyNote = { contents: '', visible: false };

/** The note last sent: its idempotency key, its body, and whether its outcome is unknown. */
interface NoteIntent {
  id: string;
  sent: string;
  unknown: boolean;
}

function AddNoteForm({
  process,
  profile,
  onAdded,
  onCheckProcess,
}: {
  process: Process;
  profile: ProfileView;
  onAdded: (note: Note) => void;
  onCheckProcess: () => void;
}) {
  // Kept while the user looks elsewhere and over a reload (a note holds no confidential value), and
  // dropped once the note is added.
  const [draft, setDraft, clearDraft] = useDraft(
    draftKey('note', profile.id, process.processId),
    emptyNote,
    'reload',
  );
  const { contents, visible } = draft;
  const box = useRef<HTMLTextAreaElement>(null);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  // The note is sent only from its review, which shows exactly what goes.
  const [reviewing, setReviewing] = useState(false);
  const confirmation = confirmProcess(process);
  const confirmed = reviewConfirmed(profile, confirmation, typed);
  const [error, setError] = useState<CallFailure | null>(null);
  // One idempotency key per intent: a retry after a failure is the same note, not a second one. Kept
  // with the draft, so a note resent after looking elsewhere is still the same note.
  const [sentIntent, setSentIntent, clearIntent] = useDraft<NoteIntent | null>(
    draftKey('note-intent', profile.id, process.processId),
    null,
    'reload',
  );

  const limit = useNoteLimit(profile);
  const tooLong = formProblems(
    z.object({ contents: noteContentsSchema(limit.characters) }),
    { contents },
    {
      contents: 'Note',
    },
  ).get('contents');
  const overLimit = contents.trim().length > limit.characters;

  function review(event: FormEvent) {
    event.preventDefault();
    if (overLimit) box.current?.focus();
    else if (contents.trim()) setReviewing(true);
  }

  async function submit(asNew = false) {
    if (!contents.trim() || busy || !confirmed) return;
    const body = JSON.stringify([contents, visible]);
    // A changed note after a clear failure is a new intent. After an unknown outcome it stays the
    // same intent (the service refuses a different body under it) unless the user says it is new.
    const intent =
      sentIntent === null || asNew || (sentIntent.sent !== body && !sentIntent.unknown)
        ? { id: crypto.randomUUID(), sent: body, unknown: false }
        : { ...sentIntent, sent: body };
    setSentIntent(intent);
    setBusy(true);
    setError(null);
    const result = await api.notes.add({
      profileId: profile.id,
      processId: process.processId,
      contents,
      visibleToAccounts: visible,
      intentId: intent.id,
      ...(profile.environment === 'live' ? { confirmation: typed } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setSentIntent({ ...intent, unknown: result.error.code === 'outcome_unknown' });
      setError(result.error);
      return;
    }
    clearIntent();
    setReviewing(false);
    clearDraft();
    setTyped('');
    onAdded(result.value);
    // The next note starts where the last one was written.
    box.current?.focus();
  }

  return (
    <form className="form add-note" onSubmit={review} aria-label="Add a note">
      <label className="field">
        <span>Note</span>
        <textarea
          ref={box}
          value={contents}
          rows={3}
          readOnly={reviewing}
          aria-invalid={overLimit ? true : undefined}
          aria-describedby="note-length"
          onChange={(event) => {
            setDraft({ ...draft, contents: event.target.value });
            setError(null);
          }}
        />
      </label>
      {/* Outside the label, so the box's name stays "Note". */}
      <LengthCounter id="note-length" length={contents.trim().length} limit={limit.characters} whileTyping>
        {overLimit ? `${tooLong}: ${limit.takenBy} takes no more.` : undefined}
      </LengthCounter>
      <Checkbox
        checked={visible}
        onChange={(checked) => !reviewing && setDraft({ ...draft, visible: checked })}
      >
        Visible to linked accounts
      </Checkbox>
      {reviewing ? (
        <ChangeReview
          profile={profile}
          operation="addNote"
          params={{ processId: process.processId }}
          body={{ contents, visibleToAccounts: visible }}
          confirmation={confirmation}
          typed={typed}
          onTyped={setTyped}
          actions={{
            sendLabel: 'Add note',
            sendingLabel: 'Adding…',
            sending: busy,
            onSend: () => void submit(),
            onCancel: () => {
              setReviewing(false);
              setError(null);
            },
          }}
        />
      ) : (
        <div className="button-row">
          <span className="spacer" />
          <button type="submit" className="primary" disabled={!contents.trim()}>
            Review note
          </button>
        </div>
      )}
      {error && (
        <CallError error={error} inline onOpenProcess={onCheckProcess}>
          {error.code === 'outcome_unknown' && (
            <p>
              Look for the note first. Sending again resends the same note safely; if you changed it and are
              sure the first one is not there,{' '}
              <button type="button" className="small-button" onClick={() => void submit(true)}>
                send it as a new note
              </button>
              .
            </p>
          )}
        </CallError>
      )}
    </form>
  );
}
