import { useEffect } from 'react';
import type { ProfileView } from '../../../src-shared/profile';
import { firstWalkStage } from '../../../src-shared/walk';
import { CallError } from '../../components/call-error';
import { useRemote } from '../../lib/cache';
import { currentValue } from '../../lib/remote';
import type { WalkHost } from './walk-host';
import { WalkStageList } from './walk-stage-list';
import { setDeliveryStatus, useWalk } from './walk-store';

/**
 * Walks one delivery through the back-office pattern, stage by stage. The delivery and the saved
 * stage come from the cache (`inbox.get`, `walk.get`); the walk's store moves the stage.
 */
export function WalkPanel({
  deliveryId,
  profile,
  host,
}: {
  deliveryId: string;
  profile: ProfileView;
  host: WalkHost;
}) {
  const [delivery, reloadDelivery] = useRemote('inbox.get', { deliveryId });
  const [saved, reloadSaved] = useRemote('walk.get', { deliveryId });
  const problem = useWalk((state) => (state.deliveryId === deliveryId ? state.problem : null));
  const open = useWalk((state) => state.open);
  const status = currentValue(delivery)?.status;

  useEffect(() => open(deliveryId, profile.id), [deliveryId, profile.id, open]);
  useEffect(() => {
    if (status === 'new') void setDeliveryStatus(deliveryId, 'in progress');
  }, [status, deliveryId]);

  const shown = currentValue(delivery);
  const progress = currentValue(saved);
  let body;
  if (delivery.status === 'error') body = <CallError error={delivery.error} onRetry={reloadDelivery} />;
  else if (saved.status === 'error') body = <CallError error={saved.error} onRetry={reloadSaved} />;
  else if (!shown || !progress) body = <p className="muted">Loading the delivery…</p>;
  else if (!shown.view) {
    // The delivery itself is not a payload to walk: a fact about its data, not a failed call.
    body = (
      <p role="alert" className="warning-box">
        {shown.reason ?? 'This delivery has no valid payload to walk.'}
      </p>
    );
  } else {
    body = (
      <>
        <p className="muted small">
          Delivery of {shown.view.externalReference || shown.view.processId}, received{' '}
          {shown.receivedAt.replace('T', ' ').slice(0, 19)}
        </p>
        {progress.unreadable && (
          // Saved progress that main could not read was set aside; the walk starts again.
          <p role="alert" className="warning-box">
            {progress.unreadable}
          </p>
        )}
        {problem && (
          <CallError error={problem} inline>
            <p>The walk&apos;s progress could not be saved, so it stays at this stage.</p>
          </CallError>
        )}
        <WalkStageList
          stage={progress.stage ?? firstWalkStage}
          view={shown.view}
          profileId={profile.id}
          profile={profile}
          host={host}
        />
      </>
    );
  }

  return (
    <aside className="walk-panel" aria-label="Walk the pattern">
      <h2>Walk the pattern</h2>
      {body}
    </aside>
  );
}
