import { useState } from 'react';
import { CallError } from '../../components/call-error';
import type { StageProps } from './walk-host';
import { Exchange } from './walk-exchange';
import { useWalk, type StageCall } from './walk-store';

/** Stage 6: complete the step with the back-office reference and an outcome, reviewed in a dialog. */
export function CompleteStage({ stage, view, profileId, host }: StageProps) {
  const stepCompleted = useWalk((state) => state.stepCompleted);
  const settleCompletion = useWalk((state) => state.settleCompletion);
  const [checked, setChecked] = useState<StageCall | { kind: 'notYet' } | null>(null);
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
      <div className="button-row">
        <button
          type="button"
          className="primary"
          onClick={() => host.completeStep(step, fields, (response) => void stepCompleted(response))}
        >
          Complete step…
        </button>
        {/* After an unclear answer, or a console that quit mid-send, the step may be complete. */}
        <button
          type="button"
          onClick={async () => {
            setChecked(null);
            setChecked(await settleCompletion({ profileId, processId: view.processId }, step.stepId));
          }}
        >
          Check whether it is complete
        </button>
      </div>
      {checked?.kind === 'failed' && <CallError error={checked.error} inline />}
      {checked?.kind === 'notYet' && (
        <p role="status" className="muted">
          {step.name} is not complete yet.
        </p>
      )}
    </div>
  );
}
