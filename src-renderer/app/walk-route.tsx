import { useState } from 'react';
import type { CompleteStepResponse, Step } from '../../src-shared/api';
import { confidentialFieldValues } from '../../src-shared/confidential-values';
import type { ProfileView } from '../../src-shared/profile';
import { CallError } from '../components/call-error';
import { ProfileSwitchOffer } from '../components/profile-switch-offer';
import { CompleteStepDialog } from '../features/complete-step/complete-step-dialog';
import { DocumentViewer } from '../features/documents/document-viewer';
import { payloadConfidentialValues, usePayloadCodes } from '../features/inbox/payload-view';
import { useCurrentProfile, useProfiles } from '../features/profiles/profiles-store';
import type { WalkHost } from '../features/walk/walk-host';
import { WalkPanel } from '../features/walk/walk-panel';
import { useRemote } from '../lib/cache';
import { processChanged, processStale, useProcessLookup } from '../lib/process-cache';
import { currentValue } from '../lib/remote';
import { ProcessRoute } from './process-route';

interface Completing {
  step: { stepId: string; name: string };
  fields: { name: string; code: string; value: string }[];
  done: (response: CompleteStepResponse) => void;
}

/**
 * A delivery walked through the back-office pattern, only on the profile it was delivered to: its
 * process lives on that tenant. On another profile the walk does not start (nothing is looked up
 * there); it offers to switch to the delivery's profile instead.
 */
export function WalkRoute({ deliveryId }: { deliveryId: string }) {
  const [delivery, reload] = useRemote('inbox.get', { deliveryId });
  const active = useCurrentProfile();
  const profiles = useProfiles((state) => state.list);
  const profileId = currentValue(delivery)?.profileId;
  const known = currentValue(profiles)?.profiles;
  const profile = known?.find((candidate) => candidate.id === profileId);

  if (delivery.status === 'error') return <CallError error={delivery.error} onRetry={reload} />;
  if (profileId === undefined || known === undefined) return <p className="muted">Loading the delivery…</p>;
  if (!profile) {
    return (
      <p role="alert" className="warning-box">
        The profile this delivery came to no longer exists, so it cannot be walked.
      </p>
    );
  }
  if (active?.id !== profile.id) {
    return (
      <div className="screen">
        <header className="screen-header">
          <h1>Walk the pattern</h1>
        </header>
        <ProfileSwitchOffer profile={profile} then={{ name: 'walk', deliveryId }}>
          This delivery came to the profile {profile.name}, and its process lives on that tenant. The walk
          runs only there; {active ? `the profile ${active.name} is active now` : 'no profile is active'}.
        </ProfileSwitchOffer>
      </div>
    );
  }
  return <WalkWithProfile deliveryId={deliveryId} profile={profile} />;
}

function WalkWithProfile({ deliveryId, profile }: { deliveryId: string; profile: ProfileView }) {
  const [delivery] = useRemote('inbox.get', { deliveryId });
  const [document, setDocument] = useState<{ documentId: string; filename: string } | null>(null);
  const [completing, setCompleting] = useState<Completing | null>(null);
  // While the delivery is asked again (its status changed), the process and any open dialog stay.
  const processId = currentValue(delivery)?.view?.processId;
  const process = currentValue(useProcessLookup(processId ? profile.id : null, processId ?? '')[0]);
  // The process's confidential values once it is read; until then, the inbox's rule: every value
  // of the delivery's payload, as nothing says which of them are confidential.
  const view = currentValue(delivery)?.view ?? null;
  const payloadCodes = usePayloadCodes(profile.id, view);
  const confidential =
    process && process.processId === processId
      ? confidentialFieldValues(process.fields)
      : payloadConfidentialValues(view, payloadCodes);

  const host: WalkHost = {
    openDocument: (documentId, filename) => setDocument({ documentId, filename }),
    completeStep: (step, fields, done) => setCompleting({ step, fields, done }),
  };
  const step: Step | undefined = completing
    ? process?.steps.find((candidate) => candidate.stepId === completing.step.stepId)
    : undefined;

  return (
    <div className="walk-layout">
      <WalkPanel deliveryId={deliveryId} profile={profile} host={host} />
      <div className="walk-process">{processId && <ProcessRoute lookup={processId} profile={profile} />}</div>
      {document && (
        <DocumentViewer
          profileId={profile.id}
          document={document}
          confidential={confidential}
          onClose={() => setDocument(null)}
        />
      )}
      {completing && process && step && (
        <CompleteStepDialog
          process={process}
          step={step}
          profile={profile}
          initialFields={completing.fields}
          onClose={() => setCompleting(null)}
          onCompleted={(response) => {
            processChanged(profile.id, response.process);
            completing.done(response);
          }}
          onCheckProcess={() => {
            setCompleting(null);
            processStale(profile.id, process.processId);
          }}
        />
      )}
    </div>
  );
}
