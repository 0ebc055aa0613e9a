import { beforeEach, describe, expect, it } from 'vitest';
import { useNavigation } from '../../../../src-renderer/lib/navigation';

const profileA = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const profileB = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('navigation on a profile switch', () => {
  beforeEach(() => useNavigation.setState({ screen: { name: 'home' }, profileId: profileA }));

  it('leaves a walk for the inbox: the delivery belongs to the tenant it came to', () => {
    useNavigation.getState().go({ name: 'walk', deliveryId: 'd-1' });
    useNavigation.getState().selectProfile(profileB);
    expect(useNavigation.getState()).toMatchObject({ profileId: profileB, screen: { name: 'inbox' } });
  });

  it('leaves a process for home', () => {
    useNavigation.getState().openProcess('FT-000001');
    useNavigation.getState().selectProfile(profileB);
    expect(useNavigation.getState().screen).toEqual({ name: 'home' });
  });

  it('keeps screens that follow the profile, and a walk when the profile does not change', () => {
    useNavigation.getState().go({ name: 'audit' });
    useNavigation.getState().selectProfile(profileB);
    expect(useNavigation.getState().screen).toEqual({ name: 'audit' });

    useNavigation.getState().go({ name: 'walk', deliveryId: 'd-1' });
    useNavigation.getState().selectProfile(profileB);
    expect(useNavigation.getState().screen).toEqual({ name: 'walk', deliveryId: 'd-1' });
  });
});
