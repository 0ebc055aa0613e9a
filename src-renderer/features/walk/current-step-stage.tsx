import { useState } from 'react';
import { Exchange, StageFailure } from './walk-exchange';
import type { StageProps } from './walk-host';
import { useWalk } from './walk-store';

/** Stage 5: the payload carries no step id, so ask the service which step is current. */
export function CurrentStepStage({ stage, view, profileId }: StageProps) {
  const readCurrentStep = useWalk((state) => state.readCurrentStep);
  const [error, setError] = useState<string | null>(null);

  async function read() {
    setError(null);
    const outcome = await readCurrentStep({ profileId, processId: view.processId });
    if (!outcome.ok) setError(outcome.error);
  }

  if (stage.kind === 'readCurrentStep') {
    return (
      <div className="walk-body">
        <button type="button" className="primary" onClick={() => void read()}>
          Read the current step
        </button>
        <StageFailure message={error} />
      </div>
    );
  }
  if (!('currentStep' in stage)) return null;
  return (
    <div className="walk-body">
      <Exchange sent={{ processId: view.processId }} received={stage.currentStep} />
    </div>
  );
}
