import type { AppInfo } from '../../../src-shared/contract';
import { RemoteView } from '../../components/remote-view';
import { useRemote } from '../../lib/cache';
import { useTheme, type ThemeChoice } from '../../lib/theme';

/** Theme, and what the console is running on: version, shell, data folder, embedded service. */
export function SettingsScreen({ info }: { info: AppInfo | null }) {
  const theme = useTheme((state) => state.choice);
  const setTheme = useTheme((state) => state.set);
  const [sandbox, reload] = useRemote('sandbox.status', {});

  return (
    <div className="screen">
      <header className="screen-header">
        <h1>Settings</h1>
      </header>
      <section className="panel" aria-label="Appearance">
        <h2>Appearance</h2>
        <fieldset className="inline-fieldset">
          <legend>Theme</legend>
          {(['system', 'light', 'dark'] as ThemeChoice[]).map((choice) => (
            <label key={choice} className="radio">
              <input type="radio" name="theme" checked={theme === choice} onChange={() => setTheme(choice)} />
              {choice === 'system' ? 'Follow the system' : choice === 'light' ? 'Light' : 'Dark'}
            </label>
          ))}
        </fieldset>
      </section>
      {info && (
        <section className="panel" aria-label="About this console">
          <h2>About</h2>
          <dl className="facts" data-ready="true">
            <dt>Version</dt>
            <dd>{info.version}</dd>
            <dt>Shell</dt>
            <dd>{info.shell === 'web' ? 'Browser shell' : 'Desktop'}</dd>
            <dt>Data folder</dt>
            <dd>{info.dataDir}</dd>
          </dl>
        </section>
      )}
      <section className="panel" aria-label="Reference service">
        <h2>Reference service</h2>
        <RemoteView remote={sandbox} onRetry={reload} label="reference service status">
          {(status) => (
            <dl className="facts">
              <dt>State</dt>
              <dd>{status.state}</dd>
              <dt>Address</dt>
              <dd>{status.url ?? '—'}</dd>
              {status.message && (
                <>
                  <dt>Note</dt>
                  <dd>{status.message}</dd>
                </>
              )}
            </dl>
          )}
        </RemoteView>
      </section>
    </div>
  );
}
