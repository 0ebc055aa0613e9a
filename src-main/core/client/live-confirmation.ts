import { liveConfirmationProblem, type LiveConfirmation } from '../../../src-shared/live-confirmation';
import type { Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';

/**
 * Refuses a change on a live profile unless the user typed its confirmation; called by every
 * change (start, note, complete) before it is audited or sent, so a renderer that skips the
 * review, or a caller of the browser shell's bridge, cannot change a live tenant unconfirmed.
 */
export function requireLiveConfirmation(
  profile: Profile,
  confirmation: LiveConfirmation,
  typed: string | undefined,
): void {
  const problem = liveConfirmationProblem(profile.environment, confirmation, typed);
  if (problem !== null) throw new Failure('invalid_input', problem);
}
