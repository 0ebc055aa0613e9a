import type { ReactNode } from 'react';
import type { ProfileView } from '../../src-shared/profile';
import { useNavigation, type Screen } from '../lib/navigation';
import { EnvBadge } from './env-badge';

/**
 * Says why something belongs to another profile and offers to switch to it, with the same switch
 * the profile switcher makes. A live profile is named as such before the user switches, as the
 * frame's live banner will after.
 */
export function ProfileSwitchOffer({
  profile,
  children,
  then,
}: {
  profile: ProfileView;
  /** The sentence saying why the switch is offered. */
  children: ReactNode;
  /** Where to land after switching (by default where a switch leaves the user). */
  then?: Screen;
}) {
  const selectProfile = useNavigation((state) => state.selectProfile);
  const live = profile.environment === 'live';
  return (
    <div role="status" className={live ? 'switch-offer warning-box' : 'switch-offer info-box'}>
      <p>{children}</p>
      {live && (
        <p>
          <strong>{profile.name} is a LIVE tenant:</strong> changes there affect real citizens’ requests.
        </p>
      )}
      <div className="button-row">
        <button type="button" className="primary" onClick={() => selectProfile(profile.id, then)}>
          Switch to {profile.name}
        </button>
        <EnvBadge environment={profile.environment} />
      </div>
    </div>
  );
}
