import type { StageProps } from './walk-host';
import { Exchange } from './walk-exchange';
import { useWalk } from './walk-store';

/** Stage 6: complete the step with the back-office reference and an outcome, reviewed in a dialog. */
export function CompleteStage({ stage, view, profileId, host }: StageProps) {
  const stepCompleted = useWalk((state) => state.stepCompleted);
  if (stage.kind === 'done') {
    const { completedStep, nextStep } = stage.outcome;
    return (
      <Exchange
        target={{ profileId, processId: view.processId }}
        received={{ completedStep, currentStep: nextStep }}
      />
    );
  }
  if (stage.kind !== 'completeStep') return null;
  const { currentStep: step, backOfficeReference } = stage;
  const fields = [
    { name: 'Back-office reference', code: 'BACKOFFICEREFERENCE', value: backOfficeReference },
    { name: 'Outcome', code: 'OUTCOME', value: 'Accepted' },
  ];
  return (
    <div className="walk-body">
      <p>
        Complete <strong>{step.name}</strong> with the back-office reference and an outcome; you review every
        field before it is sent.
      </p>
      <button
        type="button"
        className="primary"
        onClick={() => host.completeStep(step, fields, (response) => void stepCompleted(response))}
      >
        Complete step…
      </button>
    </div>
  );
}
