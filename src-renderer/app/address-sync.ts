import { useEffect } from 'react';
import { create } from 'zustand';
import type { ProfileView } from '../../src-shared/profile';
import { useProfiles } from '../features/profiles/profiles-store';
import { formatRoute, parseAddress, routeOf, type ParsedAddress } from '../lib/console-address';
import { useNavigation, type Screen } from '../lib/navigation';

/** What opening an address had to say (a link to a live tenant, an unknown profile), and where. */
interface AddressNotice {
  text: string;
  live: boolean;
  /** The fragment the notice belongs to: it shows while the user stays there. */
  at: string;
}

/** The notice of the last address opened, if any. */
export const useAddressNotice = create<{ notice: AddressNotice | null }>()(() => ({ notice: null }));

/**
 * Keeps the address and the screen in step (lib/console-address.ts has the scheme): an address
 * opened, reloaded or reached by Back is applied once the profiles are known; a screen the user
 * opens becomes a history entry, so Back and Forward move between processes.
 */
export function useAddressSync(): void {
  useEffect(startAddressSync, []);
}

function startAddressSync(): () => void {
  const opened = parseAddress(window.location.hash).route;
  let pending: ParsedAddress['route'] | null = opened.ok && opened.value.name === 'home' ? null : opened;
  // Until the address has been applied, the screen says nothing about where the user wants to be.
  let stopWriting = pending === null ? useNavigation.subscribe(writeAddress) : () => {};

  const settle = () => {
    const list = useProfiles.getState().list;
    if (pending === null || list.status !== 'ready') return;
    const route = pending;
    pending = null;
    applyRoute(route, list.value.profiles);
    stopWriting = useNavigation.subscribe(writeAddress);
  };
  // Fires for Back/Forward and for a pasted address (the token is taken out before: lib/api.ts).
  const onChange = () => {
    stopWriting();
    pending = parseAddress(window.location.hash).route;
    settle();
  };
  const stopProfiles = useProfiles.subscribe(settle);
  window.addEventListener('hashchange', onChange);
  settle();
  return () => {
    stopWriting();
    stopProfiles();
    window.removeEventListener('hashchange', onChange);
  };
}

function applyRoute(route: ParsedAddress['route'], profiles: ProfileView[]): void {
  const navigation = useNavigation.getState();
  if (!route.ok) return goHome(route.message);
  const target = route.value;
  if (target.name === 'home') return navigation.go({ name: 'home' });
  if (target.name === 'screen') return navigation.go({ name: target.screen } as Screen);
  const profile = profiles.find((candidate) => candidate.id === target.profileId);
  if (!profile) {
    return goHome(
      'This link names no profile this console has (it may have been deleted, or made on another ' +
        'computer); here is the home screen.',
    );
  }
  const screen: Screen = { name: 'process', lookup: target.lookup };
  if (navigation.profileId === profile.id) navigation.openProcess(target.lookup);
  else navigation.selectProfile(profile.id, screen);
  const live = profile.environment === 'live';
  useAddressNotice.setState({
    notice: live
      ? {
          text: `This link opened ${target.lookup} on ${profile.name}, a LIVE tenant: changes there affect real citizens’ requests.`,
          live,
          at: formatRoute(target),
        }
      : null,
  });
}

function goHome(text: string): void {
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  useAddressNotice.setState({ notice: { text, live: false, at: '' } });
  useNavigation.getState().go({ name: 'home' });
}

/** A new screen becomes a new history entry; the same one (a re-render, a reload) does not. */
function writeAddress(state: { screen: Screen; profileId: string | null }): void {
  const target = formatRoute(routeOf(state.screen, state.profileId));
  // A link's notice is about where the link led; once the user moves on it has said its piece.
  if (useAddressNotice.getState().notice?.at !== target) useAddressNotice.setState({ notice: null });
  const shown = parseAddress(window.location.hash).route;
  const current = shown.ok ? formatRoute(shown.value) : window.location.hash;
  if (target === current) return;
  window.history.pushState(null, '', window.location.pathname + window.location.search + target);
}
