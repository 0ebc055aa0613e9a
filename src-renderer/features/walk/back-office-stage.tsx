import { useState } from 'react';
import type { WalkStageOf } from '../../../src-shared/walk';
import type { StageProps } from './walk-host';
import { useWalk } from './walk-store';

/** Stage 3: record the reference the back office gave this request. */
export function BackOfficeStage({ stage }: StageProps) {
  if (stage.kind === 'updateBackOffice') return <BackOfficeForm stage={stage} />;
  if (!('backOfficeReference' in stage)) return null;
  return (
    <p className="walk-body">
      Back-office reference: <strong>{stage.backOfficeReference}</strong>
    </p>
  );
}

function BackOfficeForm({ stage }: { stage: WalkStageOf<'updateBackOffice'> }) {
  const updated = useWalk((state) => state.updateBackOffice);
  const [reference, setReference] = useState(stage.backOfficeReference ?? '');
  return (
    <form
      className="walk-body form"
      onSubmit={(event) => {
        event.preventDefault();
        if (reference.trim()) void updated(reference);
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
