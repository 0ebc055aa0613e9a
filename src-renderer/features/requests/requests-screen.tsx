import { useState } from 'react';
import type { RequestLogEntry } from '../../../src-shared/logs';
import { RemoteView } from '../../components/remote-view';
import { formatBytes } from '../../lib/format';
import { useRemote } from '../../lib/cache';
import { Checkbox } from '../../components/checkbox';

/** The last 1,000 calls to services, newest first; a row opens its (redacted) detail. */
export function RequestsScreen({ profileId }: { profileId: string | null }) {
  const [onlyProfile, setOnlyProfile] = useState(true);
  const [text, setText] = useState('');
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const filter = onlyProfile && profileId ? { profileId } : {};
  const [remote, reload] = useRemote('requests.list', { ...filter, limit: 1000 }, { keepPrevious: true });

  const visible = (entries: RequestLogEntry[]) =>
    entries.filter(
      (entry) =>
        (!onlyErrors || entry.errorCode !== null) &&
        (!text.trim() ||
          `${entry.method} ${entry.path} ${entry.status ?? ''}`
            .toLowerCase()
            .includes(text.trim().toLowerCase())),
    );

  return (
    <div className="screen">
      <header className="screen-header">
        <h1>Request log</h1>
        <button type="button" onClick={reload}>
          Refresh
        </button>
      </header>
      <div className="toolbar">
        <Checkbox checked={onlyProfile} onChange={setOnlyProfile}>
          Only the current profile
        </Checkbox>
        <Checkbox checked={onlyErrors} onChange={setOnlyErrors}>
          Only failures
        </Checkbox>
        <label className="inline-field">
          <span>Filter</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} />
        </label>
      </div>
      <RemoteView
        remote={remote}
        onRetry={reload}
        label="requests"
        isEmpty={(entries) => visible(entries).length === 0}
        empty="No requests match."
      >
        {(entries) => (
          <table className="table" aria-label="Requests">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">Size</th>
              </tr>
            </thead>
            <tbody>
              {visible(entries).map((entry) => (
                <RequestRow
                  key={entry.id}
                  entry={entry}
                  open={selected === entry.id}
                  onToggle={() => setSelected(selected === entry.id ? null : entry.id)}
                />
              ))}
            </tbody>
          </table>
        )}
      </RemoteView>
    </div>
  );
}

function RequestRow({
  entry,
  open,
  onToggle,
}: {
  entry: RequestLogEntry;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <>
      <tr className={open ? 'selected' : undefined}>
        <td>
          <button type="button" className="link-button" aria-expanded={open} onClick={onToggle}>
            {entry.at.replace('T', ' ').slice(0, 19)}
          </button>
        </td>
        <td>
          <code>
            {entry.method} {entry.path}
          </code>
        </td>
        <td className={entry.errorCode ? 'error-text' : undefined}>{entry.status ?? entry.errorCode}</td>
        <td>{entry.durationMs} ms</td>
        <td>{formatBytes(entry.responseBytes)}</td>
      </tr>
      {open && (
        <tr className="detail-row">
          <td colSpan={5}>
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
            <div className="two-columns">
              <HeaderTable title="Request headers" headers={entry.requestHeaders} />
              <HeaderTable title="Response headers" headers={entry.responseHeaders} />
            </div>
          </td>
        </tr>
      )}
    </>
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
