import { create } from 'zustand';
import type { ProfileList } from '../../../src-shared/contract';
import { api } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { fromResult, type Remote } from '../../lib/remote';

interface ProfilesState {
  list: Remote<ProfileList>;
  load(): Promise<void>;
}

/** The profiles, shared by the switcher, the profiles screen and every view that needs one. */
export const useProfiles = create<ProfilesState>()((set) => ({
  list: { status: 'idle' },
  async load() {
    set((state) => ({
      list: { status: 'loading', previous: state.list.status === 'ready' ? state.list.value : undefined },
    }));
    const list = fromResult(await api.profiles.list());
    set({ list });
    if (list.status === 'ready') {
      const { profileId, selectProfile } = useNavigation.getState();
      const profiles = list.value.profiles;
      if (!profiles.some((profile) => profile.id === profileId)) selectProfile(profiles[0]?.id ?? null);
    }
  },
}));

/** The profile currently selected, when loaded. */
export function useCurrentProfile() {
  const profileId = useNavigation((state) => state.profileId);
  const list = useProfiles((state) => state.list);
  const value = list.status === 'ready' ? list.value : list.status === 'loading' ? list.previous : undefined;
  return value?.profiles.find((profile) => profile.id === profileId) ?? null;
}
