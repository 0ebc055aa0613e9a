import type { ReactNode } from 'react';
import { confidentialCodes } from '../../src-shared/confidential-values';
import {
  confirmationPrompt,
  liveConfirmationProblem,
  type LiveConfirmation,
} from '../../src-shared/live-confirmation';
import { endpointFor, fillPath } from '../../src-shared/process-paths';
import type { Operation, ProfileView } from '../../src-shared/profile';
import { EnvBadge } from './env-badge';
import { MaskedJson } from './masked-json';

/** What a change will send, and on a live tenant what the user typed to confirm it. */
export interface ChangeReviewProps {
  profile: ProfileView;
  operation: Operation;
  /** The path's placeholders (processId, stepId). */
  params?: Record<string, string>;
  body: unknown;
  /** Confidential field codes of the process, besides the fields the body itself marks confidential. */
  confidential?: readonly { code: string; confidential?: boolean }[];
  confirmation: LiveConfirmation;
  typed: string;
  onTyped: (typed: string) => void;
  /** The review's own Cancel and Send; Send waits for the live confirmation. */
  actions?: ReviewActions;
  /** The request main previewed (a batch's, for its first row); otherwise the profile's endpoint. */
  request?: { method: string; path: string };
  /** More facts under Request (a batch's count of processes). */
  facts?: ReactNode;
}

/** The buttons under a review: nothing is sent until Send is pressed. */
export interface ReviewActions {
  /** e.g. "Add note"; `sendingLabel` while it is on its way. */
  sendLabel: string;
  sendingLabel: string;
  sending: boolean;
  onSend: () => void;
  /** e.g. "Cancel" or "Back to fields": leaves the review, sending nothing. */
  cancelLabel?: string;
  onCancel: () => void;
  /** Another reason Send must wait (e.g. an unknown outcome not yet checked). */
  held?: boolean;
}

/**
 * The review every change shows before it is sent (start, note, complete): method and path from
 * the profile's endpoint map, the profile, and the JSON body with confidential values masked. On
 * a live profile it asks for the typed confirmation that main also demands.
 */
export function ChangeReview({
  profile,
  operation,
  params = {},
  body,
  confidential = [],
  confirmation,
  typed,
  onTyped,
  actions,
  request,
  facts,
}: ChangeReviewProps) {
  const endpoint = request ?? endpointFor(profile.endpoints, operation);
  const path = request ? request.path : fillPath(endpoint.path, params);
  const codes = confidentialCodes(confidential);
  return (
    <section aria-label="Review" className="review">
      <h3>What will be sent</h3>
      <dl className="facts">
        <dt>Request</dt>
        <dd>
          <code>
            {endpoint.method} {path}
          </code>
        </dd>
        {facts}
        <dt>Profile</dt>
        <dd>{profile.name}</dd>
        <dt>Environment</dt>
        <dd>
          <EnvBadge environment={profile.environment} />
        </dd>
        <dt>Service</dt>
        <dd>{profile.baseUrl}</dd>
      </dl>
      <MaskedJson value={body} codes={codes} label="Request body" />
      {profile.environment === 'live' && (
        <label className="field confirm-live">
          <span className="small">This is a LIVE tenant.</span>
          <span>{confirmationPrompt(confirmation)}</span>
          <input
            value={typed}
            onChange={(event) => onTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
      )}
      {actions && (
        <div className="button-row">
          <button type="button" onClick={actions.onCancel} disabled={actions.sending}>
            {actions.cancelLabel ?? 'Cancel'}
          </button>
          <span className="spacer" />
          <button
            type="button"
            className="primary"
            disabled={
              actions.sending || actions.held === true || !reviewConfirmed(profile, confirmation, typed)
            }
            onClick={actions.onSend}
          >
            {actions.sending ? actions.sendingLabel : actions.sendLabel}
          </button>
        </div>
      )}
    </section>
  );
}

/** Whether the change may be sent: on a live profile, only once the confirmation is typed exactly. */
export function reviewConfirmed(
  profile: ProfileView,
  confirmation: LiveConfirmation,
  typed: string,
): boolean {
  return liveConfirmationProblem(profile.environment, confirmation, typed) === null;
}
