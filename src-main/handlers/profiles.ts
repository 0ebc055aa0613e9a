import type { DomainHandlers } from './handler-types';
import { deleteProfile, listProfiles, profileView, saveProfile } from '../core/profile-views';
import { checkMapping } from '../core/discovery/check-mapping';
import { discover } from '../core/discovery/discover';
import { clearProxyCredentials, proxySignIn, setProxyCredentials } from '../core/proxy-sign-in';

/** Profiles and their credentials. */
export const profilesHandlers: DomainHandlers<'profiles'> = {
  'profiles.list': (core) => listProfiles(core),
  'profiles.save': (core, input) => saveProfile(core, input),
  'profiles.delete': (core, { profileId }) => deleteProfile(core, profileId),
  'profiles.setCredentials': async (core, { profileId, apiKey, apiSecret, sessionOnly }) => {
    const profile = core.profiles.get(profileId);
    await core.vault.set(profileId, { apiKey, apiSecret }, { sessionOnly });
    return profileView(core, profile);
  },
  'profiles.keepForSession': (core, { sessionOnly }) => {
    core.vault.chooseSessionOnly(sessionOnly);
    return { sessionOnly: core.vault.sessionOnlyChoice() };
  },
  'profiles.clearCredentials': async (core, { profileId }) => {
    const profile = core.profiles.get(profileId);
    await core.vault.clear(profileId);
    return profileView(core, profile);
  },
  'profiles.test': async (core, { profileId }, { signal }) => {
    const { latencyMs } = await core.client.testConnection(profileId, { signal });
    return {
      latencyMs,
      message: `Connected to ${core.profiles.get(profileId).baseUrl} and the key was accepted`,
    };
  },
  'profiles.proxySignIn': (core, { profileId }) => proxySignIn(core, core.profiles.get(profileId)),
  'profiles.setProxyCredentials': (core, { profileId, username, password }) =>
    setProxyCredentials(core, core.profiles.get(profileId), { username, password }),
  'profiles.clearProxyCredentials': (core, { profileId }) =>
    clearProxyCredentials(core, core.profiles.get(profileId)),
  'profiles.discover': async (core, { profileId }) => {
    const profile = core.profiles.get(profileId);
    const result = await discover({
      profile,
      transport: core.client.transportFor(profileId),
      previous: core.profiles.description(profileId),
      now: () => new Date(),
    });
    // Kept beside the profile, not in it: reading a description changes no setting.
    core.profiles.recordDescription(profileId, result.description);
    return result;
  },
  'profiles.checkMapping': (core, { profileId, externalReference }) =>
    checkMapping(
      { client: core.client, requests: core.requests, profile: core.profiles.get(profileId) },
      externalReference,
    ),
};
