import { useEffect } from 'react';
import { assertNever } from '../../../src-shared/result';
import { walkStageKinds, walkStageNumber, type WalkStageKind } from '../../../src-shared/walk';
import { api } from '../../lib/api';
import { useRemote } from '../../lib/remote';
import { BackOfficeStage } from './back-office-stage';
import { CompleteStage } from './complete-stage';
import { CurrentStepStage } from './current-step-stage';
import { DocumentStage } from './document-stage';
import { NoteStage } from './note-stage';
import { OutcomeStage } from './outcome-stage';
import { PayloadStage } from './payload-stage';
import type { StageProps, WalkHost } from './walk-host';
import { walkStageTitles } from './walk-stages';
import { useWalk } from './walk-store';
import { canGoBack } from './walk-transitions';

/** Walks one delivery through the back-office pattern, stage by stage, keeping progress in main. */
export function WalkPanel({
  deliveryId,
  profileId,
  host,
}: {
  deliveryId: string;
  profileId: string;
  host: WalkHost;
}) {
  const [delivery] = useRemote(deliveryId, () => api.inbox.get({ deliveryId }));
  const walk = useWalk((state) => (state.deliveryId === deliveryId ? state.stage : null));
  const problem = useWalk((state) => state.problem);
  const load = useWalk((state) => state.load);
  const back = useWalk((state) => state.back);

  useEffect(() => {
    void load(deliveryId);
  }, [deliveryId, load]);

  useEffect(() => {
    if (delivery.status === 'ready' && delivery.value.status === 'new')
      void api.inbox.setStatus({ deliveryId, status: 'in progress' });
  }, [delivery, deliveryId]);

  if (delivery.status === 'error') return <p role="alert">{delivery.error.message}</p>;
  if (walk?.status === 'error') return <p role="alert">{walk.error.message}</p>;
  if (delivery.status !== 'ready' || walk?.status !== 'ready')
    return <p className="muted">Loading the delivery…</p>;
  const view = delivery.value.view;
  if (!view)
    return <p role="alert">{delivery.value.reason ?? 'This delivery has no valid payload to walk.'}</p>;
  const stage = walk.value;
  const reached = walkStageNumber(stage.kind);

  return (
    <aside className="walk-panel" aria-label="Walk the pattern">
      <h2>Walk the pattern</h2>
      <p className="muted small">
        Delivery of {view.externalReference || view.processId}, received{' '}
        {delivery.value.receivedAt.replace('T', ' ').slice(0, 19)}
      </p>
      {problem && (
        <p role="alert" className="error-text">
          {problem}
        </p>
      )}
      <ol className="walk-stages">
        {walkStageKinds.map((kind, index) => {
          const number = index + 1;
          const state = number < reached ? 'done' : number === reached ? 'current' : 'todo';
          return (
            <li
              key={kind}
              className={`walk-stage walk-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <h3>
                <span className="walk-number" aria-hidden="true">
                  {state === 'done' ? '✓' : number}
                </span>{' '}
                {walkStageTitles[kind].title}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </h3>
              {state !== 'todo' && (
                <StageBody kind={kind} stage={stage} view={view} profileId={profileId} host={host} />
              )}
              {state === 'current' && canGoBack(stage) && (
                <button type="button" className="link-button" onClick={() => void back()}>
                  Back one stage
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </aside>
  );
}

/** The view of the stage named `kind`, given where the walk is. */
function StageBody({ kind, ...props }: StageProps & { kind: WalkStageKind }) {
  switch (kind) {
    case 'readPayload':
      return <PayloadStage {...props} />;
    case 'openDocument':
      return <DocumentStage {...props} />;
    case 'updateBackOffice':
      return <BackOfficeStage {...props} />;
    case 'addNote':
      return <NoteStage {...props} />;
    case 'readCurrentStep':
      return <CurrentStepStage {...props} />;
    case 'completeStep':
      return <CompleteStage {...props} />;
    case 'done':
      return <OutcomeStage {...props} />;
    default:
      return assertNever(kind);
  }
}
