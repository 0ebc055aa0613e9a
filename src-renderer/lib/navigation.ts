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
  | { name: 'batches' }
  | { name: 'walk'; deliveryId: string };

interface NavigationState {
  screen: Screen;
  /** The profile every remote call uses; null until profiles are loaded. */
  profileId: string | null;
  go(screen: Screen): void;
  openProcess(lookup: string): void;
  /** Switches profile; `then` is where to land instead of where a switch usually leaves the user. */
  selectProfile(profileId: string | null, then?: Screen): void;
}

/** Where the administrator is, and with which profile: the state every feature shares. */
export const useNavigation = create<NavigationState>()((set) => ({
  screen: { name: 'home' },
  profileId: null,
  go: (screen) => set({ screen }),
  openProcess: (lookup) => set({ screen: { name: 'process', lookup: lookup.trim() } }),
  selectProfile: (profileId, then) =>
    set((state) =>
      state.profileId === profileId ? state : { profileId, screen: then ?? screenAfterSwitch(state.screen) },
    ),
}));

/**
 * Where a profile switch leaves the user. A process and a delivery's walk belong to one tenant:
 * their views are left (the walk back to the inbox it came from); other screens follow the profile.
 */
export function screenAfterSwitch(screen: Screen): Screen {
  if (screen.name === 'process') return { name: 'home' };
  if (screen.name === 'walk') return { name: 'inbox' };
  return screen;
}
