import type { Process } from '../../src-shared/api';
import type { ProfileList, ValidInput } from '../../src-shared/contract';
import { confirmNameProblem, keyBindingChanges } from '../../src-shared/key-binding';
import type { Profile, ProfileView } from '../../src-shared/profile';
import type { Core } from './create-core';
import { Failure } from './failure';
import { permissionPromptAfterMs, settleWithin } from './secrets/permission-watch';

const unknownCredentials = { hasCredentials: false, keyHint: null, credentialStore: null };

/**
 * A profile as the renderer may see it: whether credentials are stored and a hint, never them.
 * While the keychain waits on a system prompt the answer is not known yet: the view says none are
 * stored (the keychain banner says why) rather than keep the screen waiting.
 */
export async function profileView(core: Core, profile: Profile): Promise<ProfileView> {
  const lastDescription = core.profiles.description(profile.id);
  try {
    const status = await settleWithin(core.vault.status(profile.id), permissionPromptAfterMs);
    return { ...profile, ...(status?.value ?? unknownCredentials), lastDescription };
  } catch (error) {
    if (error instanceof Failure && error.error.code === 'keychain_unavailable') {
      return { ...profile, ...unknownCredentials, lastDescription };
    }
    throw error;
  }
}

/** Every profile, with the problems the renderer must show (a file moved aside, no keychain). */
export async function listProfiles(core: Core): Promise<ProfileList> {
  const keychain = await core.keychain();
  const profiles = await Promise.all(core.profiles.list().map((profile) => profileView(core, profile)));
  const problem =
    [core.profiles.problem, core.history.problem, core.presets.problem, core.inbox.problem]
      .filter(Boolean)
      .join(' ') || null;
  return {
    profiles,
    problem,
    keychain: {
      state: keychain.state,
      message: keychain.message,
      sessionOnly: core.vault.sessionOnlyChoice(),
    },
  };
}

/**
 * Deletes a profile with its credentials, history, batches and inbox (deliveries, settings, header
 * secret). Refused with the batches' sentence while their database cannot be opened: the profile's
 * batches would otherwise be left behind.
 */
export async function deleteProfile(core: Core, profileId: string): Promise<{ deleted: true }> {
  core.profiles.get(profileId);
  // First: a batch of the profile still running refuses the deletion before anything is gone.
  core.batches().forgetProfile(profileId);
  const keychainDown = (error: unknown) => {
    if (!(error instanceof Failure && error.error.code === 'keychain_unavailable')) throw error;
  };
  await core.vault.clear(profileId).catch(keychainDown);
  core.profiles.delete(profileId);
  core.history.forget(profileId);
  core.presets.forget(profileId);
  await core.inbox.forget(profileId).catch(keychainDown);
  return { deleted: true };
}

/**
 * Records a successful lookup in the profile's history, learns its process type by name (the API
 * has no list of types), and passes the process on. Both are conveniences, kept best effort: a
 * start the service made, or a read it answered, is never turned into a failure by them (a start
 * reported failed was retried, and sent a second time); what could not be kept is logged.
 */
export function remember(core: Core, profileId: string, process: Process): Process {
  const keep = (what: string, work: () => void) => {
    try {
      work();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[history] ${what} of process ${process.processId} was not kept: ${reason}`);
    }
  };
  keep('The process type', () =>
    core.presets.learnType(profileId, {
      processTypeId: process.processTypeId,
      processTypeName: process.processTypeName ?? '',
    }),
  );
  keep('The recent lookup', () =>
    core.history.record(profileId, {
      processId: process.processId,
      externalReference: process.externalReference,
      processTypeName: process.processTypeName || null,
      status: process.status,
    }),
  );
  return process;
}

/**
 * Saves a profile. When an edit changes what its stored key is bound to (address, proxy, CA file,
 * auth scheme, key header, token endpoint: see {@link keyBindingChanges}), the key is cleared first: it was
 * given for one route to one tenant, and must never travel another. On a live profile that needs
 * the typed name. If the keychain cannot clear the key, the edit is refused rather than risk
 * sending the key elsewhere; the rest of the edit is checked first so a refused save costs no key.
 */
export async function saveProfile(core: Core, input: ValidInput<'profiles.save'>): Promise<ProfileView> {
  const { confirmName, ...fields } = input;
  if (fields.id !== undefined) {
    const existing = core.profiles.get(fields.id);
    const changes = keyBindingChanges(existing, fields);
    const problem = confirmNameProblem(existing, fields, changes, confirmName);
    if (problem) throw new Failure('invalid_input', problem);
    if (changes.length > 0) {
      core.profiles.check(fields);
      try {
        await core.vault.clear(existing.id, { strict: true });
      } catch (error) {
        if (!(error instanceof Failure) || error.error.code !== 'keychain_unavailable') throw error;
        throw new Failure(
          'keychain_unavailable',
          `Saving moves where the key of profile "${existing.name}" travels, so its stored key must be ` +
            'removed from the OS keychain first, and the keychain is not available. Unlock it and save again.',
        );
      }
    }
  }
  return profileView(core, core.profiles.save(fields));
}
