import type { InboxSettingsPatch, InboxSettingsView } from '../../src-shared/inbox';
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
