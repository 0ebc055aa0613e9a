import { useState } from 'react';
import type { Process } from '../../../src-shared/api';
import { confirmProcess } from '../../../src-shared/live-confirmation';
import type { ProfileView } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import type { WalkStageOf } from '../../../src-shared/walk';
import { CallError } from '../../components/call-error';
import { ChangeReview, reviewConfirmed } from '../../components/change-review';
import { processStale, useProcessLookup } from '../../lib/process-cache';
import { currentValue } from '../../lib/remote';
import { Exchange } from './walk-exchange';
import type { StageProps } from './walk-host';
import { useWalk, type WalkTarget } from './walk-store';

/** Stage 4: tell the case workers what the back office did, with a note added at most once. */
export function NoteStage({ stage, view, profile }: StageProps) {
  // The walk route has this process open beside the panel: the cache answers without a call.
  const process = currentValue(useProcessLookup(profile.id, view.processId)[0]);
  if (stage.kind === 'addNote') {
    if (!process) return <p className="muted">Loading the process…</p>;
    return (
      <NoteForm
        stage={stage}
        process={process}
        profile={profile}
        target={{ profileId: profile.id, processId: view.processId }}
      />
    );
  }
  if (!('note' in stage)) return null;
  return (
    <div className="walk-body">
      <Exchange
        target={{ profileId: profile.id, processId: view.processId }}
        sent={stage.note.sent}
        received={stage.note.received}
      />
    </div>
  );
}

function NoteForm({
  stage,
  process,
  profile,
  target,
}: {
  stage: WalkStageOf<'addNote'>;
  process: Process;
  profile: ProfileView;
  target: WalkTarget;
}) {
  const addNote = useWalk((state) => state.addNote);
  const [contents, setContents] = useState(
    stage.note?.sent.contents ?? `Back office updated: reference ${stage.backOfficeReference}.`,
  );
  const [error, setError] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmation = confirmProcess(process);
  const live = profile.environment === 'live';

  async function send() {
    setBusy(true);
    setError(null);
    const outcome = await addNote(target, { contents, visibleToAccounts: false }, live ? typed : undefined);
    setBusy(false);
    if (outcome.kind === 'failed') setError(outcome.error);
  }

  return (
    <div className="walk-body">
      <label className="field">
        <span>Note to add</span>
        <textarea rows={2} value={contents} onChange={(event) => setContents(event.target.value)} />
      </label>
      {contents.trim() && (
        <ChangeReview
          profile={profile}
          operation="addNote"
          params={{ processId: process.processId }}
          body={{ contents, visibleToAccounts: false }}
          confirmation={confirmation}
          typed={typed}
          onTyped={setTyped}
        />
      )}
      <button
        type="button"
        className="primary"
        disabled={busy || !contents.trim() || !reviewConfirmed(profile, confirmation, typed)}
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
