import { useEffect, useRef, useState } from 'react';
import { AuditScreen } from '../features/audit/audit-screen';
import { BatchesScreen } from '../features/batches/batches-screen';
import { useCurrentProfile, useProfiles } from '../features/profiles/profiles-store';
import { ProfilesScreen } from '../features/profiles/profiles-screen';
import { RequestsScreen } from '../features/requests/requests-screen';
import { SettingsScreen } from '../features/settings/settings-screen';
import { StartProcessScreen } from '../features/start-process/start-process-screen';
import { useInbox } from '../features/inbox/inbox-store';
import { CallError } from '../components/call-error';
import { api } from '../lib/api';
import { cache, invalidate } from '../lib/cache';
import { formatRoute, routeOf } from '../lib/console-address';
import { useBridgeAccess } from '../lib/console-token';
import { useNavigation } from '../lib/navigation';
import { useAddressNotice, useAddressSync } from './address-sync';
import { CommandPalette } from './command-palette';
import { HomeScreen } from './home-screen';
import { InboxRoute } from './inbox-route';
import { ProcessRoute } from './process-route';
import { SandboxStatusLine } from './sandbox-status-line';
import { TokenNeeded } from './token-needed';
import { WalkRoute } from './walk-route';
import { Sidebar } from './sidebar';
import { useAppInfo } from './use-app-info';

/** The console frame: sidebar and the current screen; a live profile tints the frame. */
export function App() {
  const info = useAppInfo((store) => store.state);
  const loadInfo = useAppInfo((store) => store.load);
  const loadProfiles = useProfiles((store) => store.load);
  const profiles = useProfiles((store) => store.list);
  const screen = useNavigation((state) => state.screen);
  const profile = useCurrentProfile();
  const [palette, setPalette] = useState(false);
  const access = useBridgeAccess((state) => state.access);
  const tokenGeneration = useBridgeAccess((state) => state.tokenGeneration);
  useAddressSync();

  const loadedWith = useRef(tokenGeneration);
  useEffect(() => {
    // A new token (a URL pasted into this tab): what the old one was refused is asked again.
    if (loadedWith.current !== tokenGeneration) cache.forget(() => true);
    loadedWith.current = tokenGeneration;
    void loadInfo();
    void loadProfiles();
  }, [loadInfo, loadProfiles, tokenGeneration]);

  // Deliveries arrive while the user is anywhere; the inbox list stays current.
  const received = useInbox((store) => store.received);
  useEffect(
    () =>
      api.inbox.onDelivery((delivery) => {
        received(delivery);
        // A delivery that changed status is asked for again where it shows.
        invalidate('inbox.get', (input) => input.deliveryId === delivery.id);
      }),
    [received],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPalette(true);
      } else if (event.key === '/' && !isTyping(event.target)) {
        event.preventDefault();
        document.querySelector<HTMLInputElement>('[data-lookup-input]')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const ready = info.status === 'ready' && profiles.status !== 'idle' && profiles.status !== 'loading';
  useEffect(() => {
    if (ready) performance.mark('app-ready');
  }, [ready]);

  if (access === 'missing' || access === 'refused') return <TokenNeeded access={access} />;
  const live = profile?.environment === 'live';
  return (
    <div className={live ? 'frame frame-live' : 'frame'} data-app-ready={ready ? 'true' : undefined}>
      {live && (
        <div className="live-banner" role="note">
          LIVE tenant: {profile.name}. Changes affect real citizens’ requests.
        </div>
      )}
      <Sidebar />
      <main className="content" id="main">
        <SandboxStatusLine />
        {info.status === 'error' && <CallError error={info.error} onRetry={() => void loadInfo()} />}
        <AddressNotice />
        {screen.name === 'home' && <HomeScreen />}
        {screen.name === 'process' &&
          (profile ? (
            // Keyed: a dialog open on one process must not reappear over the one Back or a link leads to.
            <ProcessRoute key={`${profile.id}/${screen.lookup}`} lookup={screen.lookup} profile={profile} />
          ) : (
            <NoProfile />
          ))}
        {screen.name === 'start' && (profile ? <StartProcessScreen profile={profile} /> : <NoProfile />)}
        {screen.name === 'audit' && <AuditScreen profileId={profile?.id ?? null} />}
        {screen.name === 'requests' && <RequestsScreen profileId={profile?.id ?? null} />}
        {screen.name === 'profiles' && <ProfilesScreen />}
        {screen.name === 'settings' && <SettingsScreen info={info.status === 'ready' ? info.info : null} />}
        {screen.name === 'inbox' && (profile ? <InboxRoute profile={profile} /> : <NoProfile />)}
        {screen.name === 'batches' &&
          (profile ? <BatchesScreen key={profile.id} profile={profile} /> : <NoProfile />)}
        {screen.name === 'walk' && <WalkRoute key={screen.deliveryId} deliveryId={screen.deliveryId} />}
      </main>
      {palette && <CommandPalette onClose={() => setPalette(false)} />}
    </div>
  );
}

/** What opening a link said, while the user stays where it led. */
function AddressNotice() {
  const notice = useAddressNotice((state) => state.notice);
  const here = useNavigation((state) => formatRoute(routeOf(state.screen, state.profileId)));
  if (!notice || notice.at !== here) return null;
  return (
    <p role="status" className={notice.live ? 'warning-box' : 'info-box'}>
      {notice.text}
    </p>
  );
}

function NoProfile() {
  const go = useNavigation((state) => state.go);
  return (
    <div className="screen">
      <p>No profile is selected.</p>
      <button type="button" className="primary" onClick={() => go({ name: 'profiles' })}>
        Set up a profile
      </button>
    </div>
  );
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}
