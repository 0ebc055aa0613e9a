import { useState } from 'react';
import type { WalkStageOf } from '../../../src-shared/walk';
import { Exchange, StageFailure } from './walk-exchange';
import type { StageProps } from './walk-host';
import { useWalk } from './walk-store';

/** Stage 4: tell the case workers what the back office did, with a note added at most once. */
export function NoteStage({ stage, view, profileId, host }: StageProps) {
  if (stage.kind === 'addNote') {
    return (
      <NoteForm stage={stage} target={{ profileId, processId: view.processId }} added={host.processChanged} />
    );
  }
  if (!('note' in stage)) return null;
  return (
    <div className="walk-body">
      <Exchange sent={stage.note.sent} received={stage.note.received} />
    </div>
  );
}

function NoteForm({
  stage,
  target,
  added,
}: {
  stage: WalkStageOf<'addNote'>;
  target: { profileId: string; processId: string };
  added: () => void;
}) {
  const addNote = useWalk((state) => state.addNote);
  const [contents, setContents] = useState(
    stage.note?.sent.contents ?? `Back office updated: reference ${stage.backOfficeReference}.`,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setError(null);
    const outcome = await addNote(target, { contents, visibleToAccounts: false });
    setBusy(false);
    if (outcome.ok) added();
    else setError(outcome.error);
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
      <StageFailure message={error} />
    </div>
  );
}
