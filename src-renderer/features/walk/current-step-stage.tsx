import { useState } from 'react';
import { CallError } from '../../components/call-error';
import { Exchange } from './walk-exchange';
import type { StageProps } from './walk-host';
import { useWalk, type StageCall } from './walk-store';

/** Stage 5: the payload carries no step id, so ask the service which step is current. */
export function CurrentStepStage({ stage, view, profileId }: StageProps) {
  const readCurrentStep = useWalk((state) => state.readCurrentStep);
  const [outcome, setOutcome] = useState<StageCall | null>(null);

  async function read() {
    setOutcome(null);
    setOutcome(await readCurrentStep({ profileId, processId: view.processId }));
  }

  if (stage.kind === 'readCurrentStep') {
    return (
      <div className="walk-body">
        <button type="button" className="primary" onClick={() => void read()}>
          Read the current step
        </button>
        {outcome?.kind === 'failed' && <CallError error={outcome.error} inline onRetry={() => void read()} />}
        {outcome?.kind === 'processComplete' && (
          // What the service answered, not a failed call: there is nothing left to complete.
          <p role="alert" className="warning-box">
            The process has no current step: it is already complete.
          </p>
        )}
      </div>
    );
  }
  if (!('currentStep' in stage)) return null;
  return (
    <div className="walk-body">
      <Exchange
        target={{ profileId, processId: view.processId }}
        sent={{ processId: view.processId }}
        received={stage.currentStep}
      />
    </div>
  );
}
