import type { LoggedBody, RequestLogEntry } from '../../../src-shared/logs';
import { curlCommand } from '../../../src-shared/curl';
import { CopyButton } from '../../components/copy-button';
import { formatBytes } from '../../lib/format';

/** One logged exchange opened: facts, headers, both bodies, and the request as a curl command. */
export function RequestDetail({ entry }: { entry: RequestLogEntry }) {
  const curl = curlCommand(entry);
  return (
    <div role="cell" className="request-detail">
      <dl className="facts">
        <dt>Operation</dt>
        <dd>{entry.operation}</dd>
        <dt>Attempt</dt>
        <dd>{entry.attempt}</dd>
        <dt>Sizes</dt>
        <dd>
          sent {formatBytes(entry.requestBytes)}, received {formatBytes(entry.responseBytes)}
        </dd>
        {entry.errorCode && (
          <>
            <dt>Error</dt>
            <dd>{entry.errorCode}</dd>
          </>
        )}
      </dl>
      <div className="two-columns even">
        <HeaderTable title="Request headers" headers={entry.requestHeaders} />
        <HeaderTable title="Response headers" headers={entry.responseHeaders} />
      </div>
      {entry.bodiesDropped ? (
        <p className="muted">
          The bodies of this exchange were let go to keep the log small; newer ones are kept.
        </p>
      ) : (
        <div className="two-columns even">
          <BodyView title="Request body" body={entry.requestBody} />
          <BodyView title="Response body" body={entry.responseBody} />
        </div>
      )}
      <section aria-label="Copy as curl" className="curl">
        <div className="button-row">
          <h3>As curl</h3>
          <CopyButton value={curl} label="Copy as curl" />
          <span className="muted small">
            For a POSIX shell (bash, zsh). Credentials are shell variables ($API_KEY, $API_SECRET or
            $ACCESS_TOKEN): set them first.
          </span>
        </div>
        {/* Focusable: a long command scrolls, and the keyboard must reach it (axe scrollable-region-focusable). */}
        <pre className="code-block" tabIndex={0}>
          {curl}
        </pre>
      </section>
    </div>
  );
}

function BodyView({ title, body }: { title: string; body: LoggedBody | null }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {body === null ? (
        <p className="muted">None.</p>
      ) : (
        <>
          {body.truncated && (
            <p className="muted small">
              Truncated: the first {formatBytes(body.text.length)} of {formatBytes(body.bytes)} are kept.
            </p>
          )}
          {/* Focusable: a long body scrolls, and the keyboard must reach it (axe scrollable-region-focusable). */}
          <pre className="code-block" tabIndex={0}>
            {body.text}
          </pre>
        </>
      )}
    </section>
  );
}

function HeaderTable({ title, headers }: { title: string; headers: Record<string, string> }) {
  return (
    <table className="table compact" aria-label={title}>
      <caption>{title}</caption>
      <tbody>
        {Object.entries(headers).map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
