import { useEffect } from 'react';
import type { ProfileView } from '../../../src-shared/profile';
import { EnvBadge } from '../../components/env-badge';
import { draftKey, useDraft } from '../../lib/drafts';
import { BatchList } from './batch-list';
import { BatchView } from './batch-view';
import { subscribeBatchProgress } from './batch-progress-store';
import { NewBatchForm } from './new-batch-form';

/** Batches of the active profile: the list and a new batch, or one batch opened. */
export function BatchesScreen({ profile }: { profile: ProfileView }) {
  // The batch opened stays open over a reload of the tab, per profile.
  const [opened, setOpened] = useDraft<string | null>(draftKey('batch-opened', profile.id), null, 'reload');
  useEffect(() => subscribeBatchProgress(), []);

  if (opened)
    return <BatchView key={opened} batchId={opened} profile={profile} onBack={() => setOpened(null)} />;
  return (
    <div className="screen batches-screen">
      <h1>
        Batches <EnvBadge environment={profile.environment} />
      </h1>
      <p className="muted">
        Lists of processes of {profile.name}: read where each one stands, then change the chosen ones, once
        each.
      </p>
      <BatchList profileId={profile.id} onOpen={setOpened} />
      <NewBatchForm profileId={profile.id} onOpen={setOpened} />
    </div>
  );
}
