import { useEffect, useRef } from 'react';
import { assertNever } from '../../../src-shared/result';
import { walkStageKinds, walkStageNumber, type WalkStageKind } from '../../../src-shared/walk';
import { BackOfficeStage } from './back-office-stage';
import { CompleteStage } from './complete-stage';
import { CurrentStepStage } from './current-step-stage';
import { DocumentStage } from './document-stage';
import { NoteStage } from './note-stage';
import { OutcomeStage } from './outcome-stage';
import { PayloadStage } from './payload-stage';
import type { StageProps } from './walk-host';
import { walkStageTitles } from './walk-stages';
import { useWalk } from './walk-store';
import { canGoBack } from './walk-transitions';

/** The seven stages in order: those done show what they learned, the current one its form. */
export function WalkStageList(props: StageProps) {
  const back = useWalk((state) => state.back);
  const { stage } = props;
  const reached = walkStageNumber(stage.kind);
  const current = useRef<HTMLLIElement>(null);
  // The panel scrolls on its own: each new stage is brought into its view, or the form to fill
  // would sit below the fold while the finished stages above it fill the panel.
  // A block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest' });
  }, [stage.kind]);
  return (
    <ol className="walk-stages">
      {walkStageKinds.map((kind, index) => {
        const number = index + 1;
        const state = number < reached ? 'done' : number === reached ? 'current' : 'todo';
        return (
          <li
            key={kind}
            ref={state === 'current' ? current : undefined}
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
            {state !== 'todo' && <StageBody kind={kind} {...props} />}
            {state === 'current' && canGoBack(stage) && (
              <button type="button" className="link-button" onClick={() => void back()}>
                Back one stage
              </button>
            )}
          </li>
        );
      })}
    </ol>
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
