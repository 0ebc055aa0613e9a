import { useState } from 'react';
import type { Delivery } from '../../../src-shared/inbox';
import { api } from '../../lib/api';
import type { WalkHost } from './walk-panel';
import type { WalkData } from './walk-stages';

type ValidDelivery = Delivery & { view: NonNullable<Delivery['view']> };

interface StageProps {
  stage: number;
  active: boolean;
  delivery: ValidDelivery;
  profileId: string;
  data: WalkData;
  host: WalkHost;
  advance: (patch: Partial<WalkData>) => Promise<boolean>;
  update: (patch: Partial<WalkData>) => Promise<boolean>;
}

/** The body of one stage: what to do, and what was sent and received. */
export function WalkStageBody(props: StageProps) {
  switch (props.stage) {
    case 1:
      return <PayloadStage {...props} />;
    case 2:
      return <DocumentStage {...props} />;
    case 3:
      return <BackOfficeStage {...props} />;
    case 4:
      return <NoteStage {...props} />;
    case 5:
      return <CurrentStepStage {...props} />;
    case 6:
      return <CompleteStage {...props} />;
    default:
      return <ResultStage {...props} />;
  }
}

function Exchange({ sent, received }: { sent?: unknown; received?: unknown }) {
  return (
    <div className="exchange">
      {sent !== undefined && (
        <div>
          <span className="small muted">Sent</span>
          <pre className="code-block" tabIndex={0}>
            {JSON.stringify(sent, null, 2)}
          </pre>
        </div>
      )}
      {received !== undefined && (
        <div>
          <span className="small muted">Received</span>
          <pre className="code-block" tabIndex={0}>
            {JSON.stringify(received, null, 2)}
          </pre>
        </div>
      )}
    </div>
  );
}

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="error-text">
      {message}
    </p>
  ) : null;
}

function PayloadStage({ delivery, active, advance }: StageProps) {
  const view = delivery.view;
  return (
    <div className="walk-body">
      <p>
        Process <code>{view.processId}</code> ({view.externalReference || 'no reference'}),{' '}
        {view.documents.length} document(s), {view.fields.length} field(s).
      </p>
      {active && (
        <button type="button" className="primary" onClick={() => void advance({})}>
          Payload read, continue
        </button>
      )}
    </div>
  );
}

function DocumentStage({ delivery, active, data, host, advance, update }: StageProps) {
  const documents = delivery.view.documents.filter((document) => document.documentId);
  return (
    <div className="walk-body">
      {documents.length === 0 && <p className="muted">The payload links no document.</p>}
      <div className="button-row">
        {documents.map((document) => (
          <button
            key={document.documentId}
            type="button"
            onClick={() => {
              host.openDocument(document.documentId!, document.name);
              void update({ documentOpened: document.documentId! });
            }}
          >
            Open {document.name}
          </button>
        ))}
        {active && (
          <button
            type="button"
            className="primary"
            disabled={documents.length > 0 && !data.documentOpened}
            onClick={() => void advance({})}
          >
            Document read, continue
          </button>
        )}
      </div>
    </div>
  );
}

function BackOfficeStage({ active, data, advance }: StageProps) {
  const [reference, setReference] = useState(data.backOfficeReference ?? '');
  if (!active)
    return (
      <p className="walk-body">
        Back-office reference: <strong>{data.backOfficeReference}</strong>
      </p>
    );
  return (
    <form
      className="walk-body form"
      onSubmit={(event) => {
        event.preventDefault();
        if (reference.trim()) void advance({ backOfficeReference: reference.trim() });
      }}
    >
      <label className="field">
        <span>Back-office reference</span>
        <input
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          placeholder="BO-1042"
        />
      </label>
      <button type="submit" className="primary" disabled={!reference.trim()}>
        Back office updated, continue
      </button>
    </form>
  );
}

function NoteStage({ delivery, profileId, active, data, host, advance, update }: StageProps) {
  const [contents, setContents] = useState(
    data.noteSent?.contents ?? `Back office updated: reference ${data.backOfficeReference ?? ''}.`,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setError(null);
    // One intent per note, kept in the walk, so a retry after a restart is the same note; an
    // edited note after a clear failure is a new one.
    const noteSent = { contents, visibleToAccounts: false };
    const edited = data.noteSent !== undefined && data.noteSent.contents !== contents;
    const intentId =
      data.noteIntent && !(edited && !data.noteUnknown) ? data.noteIntent : crypto.randomUUID();
    // Nothing is sent unless the intent is kept first, or a restart could send the note again.
    if (!(await update({ noteIntent: intentId, noteSent, noteUnknown: false }))) {
      setBusy(false);
      return;
    }
    const result = await api.notes.add({
      profileId,
      processId: delivery.view.processId,
      intentId,
      ...noteSent,
    });
    setBusy(false);
    if (!result.ok) {
      if (result.error.code === 'outcome_unknown') {
        await update({ noteIntent: intentId, noteSent, noteUnknown: true });
      }
      return setError(result.error.message);
    }
    host.processChanged();
    await advance({
      noteIntent: intentId,
      noteSent,
      noteReceived: {
        noteId: result.value.noteId,
        author: result.value.author,
        createdOn: result.value.createdOn,
      },
    });
  }

  return (
    <div className="walk-body">
      {active ? (
        <>
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
          <Failure message={error} />
        </>
      ) : (
        <Exchange sent={data.noteSent} received={data.noteReceived} />
      )}
    </div>
  );
}

function CurrentStepStage({ delivery, profileId, active, data, advance }: StageProps) {
  const [error, setError] = useState<string | null>(null);
  async function read() {
    const result = await api.steps.current({ profileId, processId: delivery.view.processId });
    if (!result.ok) return setError(result.error.message);
    if (!result.value) return setError('The process has no current step: it is already complete.');
    const { stepId, name, startedOn } = result.value;
    await advance({ currentStep: { stepId, name, startedOn } });
  }
  return (
    <div className="walk-body">
      {active ? (
        <>
          <button type="button" className="primary" onClick={() => void read()}>
            Read the current step
          </button>
          <Failure message={error} />
        </>
      ) : (
        <Exchange sent={{ processId: delivery.view.processId }} received={data.currentStep} />
      )}
    </div>
  );
}

function CompleteStage({ active, data, host, advance }: StageProps) {
  const step = data.currentStep;
  if (!step) return null;
  if (!active) return <Exchange received={data.completeReceived} />;
  return (
    <div className="walk-body">
      <p>
        Complete <strong>{step.name}</strong> with the back-office reference and an outcome; you review every
        field before it is sent.
      </p>
      <button
        type="button"
        className="primary"
        onClick={() =>
          host.completeStep(
            step,
            [
              {
                name: 'Back-office reference',
                code: 'BACKOFFICEREFERENCE',
                value: data.backOfficeReference ?? '',
              },
              { name: 'Outcome', code: 'OUTCOME', value: 'Accepted' },
            ],
            (response) => {
              host.processChanged();
              void advance({
                completeReceived: {
                  completedStep: response.completedStep.name,
                  currentStep: response.currentStep?.name ?? null,
                },
                result: {
                  status: response.process.status,
                  currentStep: response.currentStep?.name ?? null,
                  outcome: response.process.fields.find((field) => field.code === 'OUTCOME')?.value ?? null,
                },
              });
            },
          )
        }
      >
        Complete step…
      </button>
    </div>
  );
}

function ResultStage({ data }: StageProps) {
  if (!data.result) return null;
  return (
    <div className="walk-body success-box" role="status">
      {data.result.currentStep ? (
        <p>
          The branching rules took the process to <strong>{data.result.currentStep}</strong>
          {data.result.outcome ? ` (OUTCOME = ${data.result.outcome})` : ''}.
        </p>
      ) : (
        <p>The process is complete{data.result.outcome ? ` (OUTCOME = ${data.result.outcome})` : ''}.</p>
      )}
      <p className="muted small">The delivery is marked handled.</p>
    </div>
  );
}
