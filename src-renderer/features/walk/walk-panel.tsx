import { useEffect, useState } from 'react';
import type { CompleteStepResponse } from '../../../src-shared/api';
import type { Delivery } from '../../../src-shared/inbox';
import { api } from '../../lib/api';
import { useRemote } from '../../lib/remote';
import { walkStages, type WalkData } from './walk-stages';
import { WalkStageBody } from './walk-stage-body';

/** What the panel asks its host to do: show a document, or open the complete-step dialog. */
export interface WalkHost {
  openDocument(documentId: string, name: string): void;
  completeStep(
    step: { stepId: string; name: string },
    fields: { name: string; code: string; value: string }[],
    done: (response: CompleteStepResponse) => void,
  ): void;
  processChanged(): void;
}

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
  const [saved] = useRemote(`walk|${deliveryId}`, () => api.walk.get({ deliveryId }));
  const [progress, setProgress] = useState<{ stage: number; data: WalkData } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const loaded = saved.status === 'ready' ? (saved.value ?? { stage: 1, data: {} }) : null;
  const current = progress ?? (loaded as { stage: number; data: WalkData } | null);

  useEffect(() => {
    if (delivery.status === 'ready' && delivery.value.status === 'new')
      void api.inbox.setStatus({ deliveryId, status: 'in progress' });
  }, [delivery, deliveryId]);

  if (delivery.status === 'error') return <p role="alert">{delivery.error.message}</p>;
  if (delivery.status !== 'ready' || !current) return <p className="muted">Loading the delivery…</p>;
  if (!delivery.value.view)
    return <p role="alert">{delivery.value.reason ?? 'This delivery has no valid payload to walk.'}</p>;

  /** Keeps progress in main; false (with the reason shown) when it could not be kept. */
  async function save(stage: number, data: WalkData): Promise<boolean> {
    const result = await api.walk.save({
      deliveryId,
      progress: { stage, data: data as Record<string, unknown> },
    });
    if (!result.ok) {
      setError(`The walk's progress could not be saved: ${result.error.message}`);
      return false;
    }
    setError(null);
    setProgress({ stage, data });
    if (stage === 7 && data.result) await api.inbox.setStatus({ deliveryId, status: 'handled' });
    return true;
  }

  return (
    <aside className="walk-panel" aria-label="Walk the pattern">
      <h2>Walk the pattern</h2>
      <p className="muted small">
        Delivery of {delivery.value.view.externalReference || delivery.value.view.processId}, received{' '}
        {delivery.value.receivedAt.replace('T', ' ').slice(0, 19)}
      </p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <ol className="walk-stages">
        {walkStages.map((stage, index) => {
          const number = index + 1;
          const state = number < current.stage ? 'done' : number === current.stage ? 'current' : 'todo';
          return (
            <li
              key={stage.title}
              className={`walk-stage walk-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <h3>
                <span className="walk-number" aria-hidden="true">
                  {state === 'done' ? '✓' : number}
                </span>{' '}
                {stage.title}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </h3>
              {state !== 'todo' && (
                <WalkStageBody
                  stage={number}
                  active={state === 'current'}
                  delivery={delivery.value as Delivery & { view: NonNullable<Delivery['view']> }}
                  profileId={profileId}
                  data={current.data}
                  host={host}
                  advance={(patch) => save(number + 1 > 7 ? 7 : number + 1, { ...current.data, ...patch })}
                  update={(patch) => save(number, { ...current.data, ...patch })}
                />
              )}
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
