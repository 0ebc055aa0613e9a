import type { CompleteStepResponse } from '../../../src-shared/api';
import type { DeliveryPayloadView } from '../../../src-shared/inbox';
import type { ProfileView } from '../../../src-shared/profile';
import type { WalkStage } from '../../../src-shared/walk';

/** What the panel asks its host to do: show a document, or open the complete-step dialog. */
export interface WalkHost {
  openDocument(documentId: string, name: string): void;
  completeStep(
    step: { stepId: string; name: string },
    fields: { name: string; code: string; value: string }[],
    done: (response: CompleteStepResponse) => void,
  ): void;
}

/**
 * What every stage's view gets: the walk's current stage (its own when it is the current one, a
 * later one carrying its facts when it is done), the delivery's payload and the host.
 */
export interface StageProps {
  stage: WalkStage;
  view: DeliveryPayloadView;
  profileId: string;
  /** The profile the walk changes the process with: a live one asks for typed confirmations. */
  profile: ProfileView;
  host: WalkHost;
}
