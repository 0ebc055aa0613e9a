import type { StageProps } from './walk-host';

/** Stage 7: where the branching rules took the process. */
export function OutcomeStage({ stage }: StageProps) {
  if (stage.kind !== 'done') return null;
  const { nextStep, outcomeField } = stage.outcome;
  const outcome = outcomeField ? ` (OUTCOME = ${outcomeField})` : '';
  return (
    <div className="walk-body success-box" role="status">
      {nextStep ? (
        <p>
          The branching rules took the process to <strong>{nextStep}</strong>
          {outcome}.
        </p>
      ) : (
        <p>The process is complete{outcome}.</p>
      )}
      <p className="muted small">The delivery is marked handled.</p>
    </div>
  );
}
