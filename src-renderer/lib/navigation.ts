import { create } from 'zustand';

/** The screens of the console. */
export type Screen =
  | { name: 'home' }
  | { name: 'process'; lookup: string }
  | { name: 'start' }
  | { name: 'audit' }
  | { name: 'requests' }
  | { name: 'profiles' }
  | { name: 'settings' }
  | { name: 'inbox' }
  | { name: 'walk'; deliveryId: string };

interface NavigationState {
  screen: Screen;
  /** The profile every remote call uses; null until profiles are loaded. */
  profileId: string | null;
  go(screen: Screen): void;
  openProcess(lookup: string): void;
  selectProfile(profileId: string | null): void;
}

/** Where the administrator is, and with which profile: the state every feature shares. */
export const useNavigation = create<NavigationState>()((set) => ({
  screen: { name: 'home' },
  profileId: null,
  go: (screen) => set({ screen }),
  openProcess: (lookup) => set({ screen: { name: 'process', lookup: lookup.trim() } }),
  // A process belongs to one tenant: switching profiles leaves its view; other screens stay.
  selectProfile: (profileId) =>
    set((state) =>
      state.profileId === profileId
        ? state
        : { profileId, screen: state.screen.name === 'process' ? { name: 'home' } : state.screen },
    ),
}));
