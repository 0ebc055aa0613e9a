/**
 * The browser shell's one state when the bridge will not let this tab in (no token, or one it
 * refuses): what to do, and what the printed URL looks like. It replaces the whole frame, so no
 * "Loading…" waits beside it for answers that cannot come.
 */
export function TokenNeeded({ access }: { access: 'missing' | 'refused' }) {
  return (
    <main className="screen token-needed" id="main">
      <div role="alert" className="error-box">
        <h1>Open the console with the URL it printed</h1>
        <p>
          {access === 'refused'
            ? 'The console refused the token this tab holds: it has been restarted since, or the URL was copied wrong.'
            : 'This tab has no console token.'}{' '}
          The terminal where the console started printed a line like{' '}
          <code>Console ready at {window.location.origin}/#token=…</code>. Open that URL in this tab (paste it
          into the address bar); the tab keeps it until it is closed.
        </p>
      </div>
    </main>
  );
}
