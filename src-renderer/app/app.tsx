import { useEffect, useState } from 'react';
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
import { invalidate } from '../lib/cache';
import { useNavigation } from '../lib/navigation';
import { CommandPalette } from './command-palette';
import { HomeScreen } from './home-screen';
import { InboxRoute } from './inbox-route';
import { ProcessRoute } from './process-route';
import { SandboxStatusLine } from './sandbox-status-line';
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

  useEffect(() => {
    void loadInfo();
    void loadProfiles();
  }, [loadInfo, loadProfiles]);

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
        {screen.name === 'home' && <HomeScreen />}
        {screen.name === 'process' &&
          (profile ? <ProcessRoute lookup={screen.lookup} profile={profile} /> : <NoProfile />)}
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
