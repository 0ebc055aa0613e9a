import type { Delivery, InboxSettingsPatch, InboxSettingsView } from '../../src-shared/inbox';
import type { Core } from './create-core';
import { Failure } from './failure';

/** Applies a settings change and, when given, sets (or with null, clears) the shared header. */
export async function configureInbox(
  core: Pick<Core, 'profiles' | 'inbox'>,
  profileId: string,
  patch: InboxSettingsPatch,
  sharedHeader: { name: string; secret: string } | null | undefined,
): Promise<InboxSettingsView> {
  const id = core.profiles.get(profileId).id;
  let view = await core.inbox.configure(id, patch);
  if (sharedHeader === null) view = await core.inbox.clearSharedHeader(id);
  else if (sharedHeader) view = await core.inbox.setSharedHeader(id, sharedHeader.name, sharedHeader.secret);
  return view;
}

/** A payload pasted from a back-office log: JSON, or a sentence saying where it breaks. */
export function parsePastedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Failure('invalid_input', `The pasted text is not JSON: ${(error as Error).message}.`);
  }
}

/**
 * The delivery, when it came to `profileId`. A walk runs only on its delivery's own profile: its
 * process lives on that tenant, so a walk sent with another profile is refused before anything.
 */
export function deliveryOfProfile(
  core: Pick<Core, 'profiles' | 'inbox'>,
  deliveryId: string,
  profileId: string,
): Delivery {
  const delivery = core.inbox.get(deliveryId);
  if (delivery.profileId === profileId) return delivery;
  const owner = core.profiles.list().find((profile) => profile.id === delivery.profileId);
  throw new Failure(
    'conflict',
    `This delivery came to the profile "${owner?.name ?? 'that was deleted'}"; switch to that profile to walk it.`,
  );
}
