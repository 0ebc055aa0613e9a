/**
 * The browser shell's one state when the bridge will not let this tab in (no token, or one it
 * refuses): what to do, and what the printed URL looks like. It replaces the whole frame, so no
 * "Loading…" waits beside it for answers that cannot come.
 */
export function TokenNeeded({ access }: { access: 'missing' | 'refused' }) {
  // The page the tab showed: a launch URL with it after opens that page again.
  const route = window.location.hash.startsWith('#/') ? window.location.hash : '';
  return (
    <main className="screen token-needed" id="main">
      <div role="alert" className="error-box">
        <h1>Open the console with the URL it printed</h1>
        <p>
          {access === 'refused'
            ? 'The console refused the token this tab holds: it has been restarted since.'
            : 'This tab has no console token: it was reloaded or reopened (the token is never kept on disk), or its launch URL was used already.'}{' '}
          The terminal where the console runs prints a line like{' '}
          <code>Console ready at {window.location.origin}/launch/…</code>. Open the last such URL in this tab
          (paste it into the address bar); each one lets one tab in, and the console prints the next as soon
          as one is used.
          {route && (
            <>
              {' '}
              To come back to this page, add <code>{route}</code> after it.
            </>
          )}
        </p>
      </div>
    </main>
  );
}
