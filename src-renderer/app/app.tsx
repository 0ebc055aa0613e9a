import { useEffect } from 'react';
import { useAppInfo } from './use-app-info';

/** The console frame: sidebar and main area. */
export function App() {
  const state = useAppInfo((store) => store.state);
  const load = useAppInfo((store) => store.load);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="frame">
      <nav className="sidebar" aria-label="Console">
        <div className="brand">Process Console</div>
      </nav>
      <main className="content">
        <h1>Process Console</h1>
        {state.status === 'ready' && (
          <dl className="app-info" aria-label="About this console" data-ready="true">
            <dt>Version</dt>
            <dd>{state.info.version}</dd>
            <dt>Shell</dt>
            <dd>{state.info.shell === 'web' ? 'Browser shell' : 'Desktop'}</dd>
            <dt>Data folder</dt>
            <dd>{state.info.dataDir}</dd>
          </dl>
        )}
        {state.status === 'error' && (
          <p role="alert" className="error">
            {state.error.message}
          </p>
        )}
        {(state.status === 'loading' || state.status === 'idle') && <p aria-busy="true">Loading…</p>}
      </main>
    </div>
  );
}
