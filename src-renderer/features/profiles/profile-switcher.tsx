import { useId } from 'react';
import { EnvBadge } from '../../components/env-badge';
import { useNavigation } from '../../lib/navigation';
import { useCurrentProfile, useProfiles } from './profiles-store';

/** Chooses the profile every call uses; shows its environment beside it. */
export function ProfileSwitcher() {
  const id = useId();
  const list = useProfiles((state) => state.list);
  const profileId = useNavigation((state) => state.profileId);
  const selectProfile = useNavigation((state) => state.selectProfile);
  const current = useCurrentProfile();
  const profiles =
    list.status === 'ready'
      ? list.value.profiles
      : list.status === 'loading'
        ? (list.previous?.profiles ?? [])
        : [];

  return (
    <div className="profile-switcher">
      {/* The badge sits on the label's line, so the select has the sidebar's whole width and a
          name with " — LIVE" after it is not cut ("Council tenant — LIV"). */}
      <div className="profile-switcher-label">
        <label htmlFor={id} className="sidebar-label">
          Profile
        </label>
        {current && <EnvBadge environment={current.environment} />}
      </div>
      <div className="profile-switcher-row">
        <select
          id={id}
          value={profileId ?? ''}
          onChange={(event) => selectProfile(event.target.value || null)}
          disabled={profiles.length === 0}
        >
          {profiles.length === 0 && <option value="">No profiles</option>}
          {profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
              {profile.environment === 'live' ? ' — LIVE' : ''}
            </option>
          ))}
        </select>
      </div>
      {current && !current.hasCredentials && (
        <p className="warning-text">No credentials stored for this profile.</p>
      )}
    </div>
  );
}
