import { useState } from 'react';
import type { CallError as CallFailure } from '../../../src-shared/result';
import type { WalkStageOf } from '../../../src-shared/walk';
import { CallError } from '../../components/call-error';
import { processStale } from '../../lib/process-cache';
import { Exchange } from './walk-exchange';
import type { StageProps } from './walk-host';
import { useWalk, type WalkTarget } from './walk-store';

/** Stage 4: tell the case workers what the back office did, with a note added at most once. */
export function NoteStage({ stage, view, profileId }: StageProps) {
  if (stage.kind === 'addNote') {
    return <NoteForm stage={stage} target={{ profileId, processId: view.processId }} />;
  }
  if (!('note' in stage)) return null;
  return (
    <div className="walk-body">
      <Exchange sent={stage.note.sent} received={stage.note.received} />
    </div>
  );
}

function NoteForm({ stage, target }: { stage: WalkStageOf<'addNote'>; target: WalkTarget }) {
  const addNote = useWalk((state) => state.addNote);
  const [contents, setContents] = useState(
    stage.note?.sent.contents ?? `Back office updated: reference ${stage.backOfficeReference}.`,
  );
  const [error, setError] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setError(null);
    const outcome = await addNote(target, { contents, visibleToAccounts: false });
    setBusy(false);
    if (outcome.kind === 'failed') setError(outcome.error);
  }

  return (
    <div className="walk-body">
      <label className="field">
        <span>Note to add</span>
        <textarea rows={2} value={contents} onChange={(event) => setContents(event.target.value)} />
      </label>
      <button
        type="button"
        className="primary"
        disabled={busy || !contents.trim()}
        onClick={() => void send()}
      >
        {busy ? 'Adding…' : 'Add this note'}
      </button>
      {error && (
        // No Retry: adding a note is a change. The button above sends again, with the intent noteIntentId keeps.
        <CallError
          error={error}
          inline
          onOpenProcess={() => processStale(target.profileId, target.processId)}
        >
          {error.code === 'outcome_unknown' && (
            <p>
              Adding it again resends it under the same intent, so the service adds it at most once; if the
              first one arrived and you changed the words, the service refuses the changed note.
            </p>
          )}
        </CallError>
      )}
    </div>
  );
}
