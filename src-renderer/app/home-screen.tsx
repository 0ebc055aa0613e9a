import { CallError } from '../components/call-error';
import { useCurrentProfile, useProfiles } from '../features/profiles/profiles-store';
import { useNavigation } from '../lib/navigation';
import { useAppInfo } from './use-app-info';

/** The first screen: which profile is in use and how to begin. */
export function HomeScreen() {
  const profile = useCurrentProfile();
  const profiles = useProfiles((state) => state.list);
  const info = useAppInfo((state) => state.state);
  const go = useNavigation((state) => state.go);
  const loadProfiles = useProfiles((state) => state.load);
  return (
    <div className="screen home">
      <h1>Process Console</h1>
      {profile ? (
        <p>
          Using <strong>{profile.name}</strong> at <code>{profile.baseUrl}</code>. Type a process id or an
          external reference in the sidebar (press <kbd>/</kbd>), or press <kbd>Ctrl</kbd>+<kbd>K</kbd> for
          commands.
        </p>
      ) : profiles.status === 'ready' ? (
        <p>
          No profile yet.{' '}
          <button type="button" className="link-button" onClick={() => go({ name: 'profiles' })}>
            Create one
          </button>{' '}
          with your tenant’s base URL and API key.
        </p>
      ) : profiles.status === 'error' ? (
        <CallError error={profiles.error} onRetry={() => void loadProfiles()} />
      ) : (
        <p className="muted">Loading profiles…</p>
      )}
      {info.status === 'ready' && (
        <p className="muted small">
          Version {info.info.version} · {info.info.shell === 'web' ? 'Browser shell' : 'Desktop'} · data in{' '}
          {info.info.dataDir}
        </p>
      )}
    </div>
  );
}
