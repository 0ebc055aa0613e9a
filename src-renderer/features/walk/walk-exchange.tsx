/** What a stage sent to the service and what it received, as JSON. */
export function Exchange({ sent, received }: { sent?: unknown; received?: unknown }) {
  return (
    <div className="exchange">
      {sent !== undefined && (
        <div>
          <span className="small muted">Sent</span>
          <pre className="code-block" tabIndex={0}>
            {JSON.stringify(sent, null, 2)}
          </pre>
        </div>
      )}
      {received !== undefined && (
        <div>
          <span className="small muted">Received</span>
          <pre className="code-block" tabIndex={0}>
            {JSON.stringify(received, null, 2)}
          </pre>
        </div>
      )}
    </div>
  );
}
