import { useDeferredValue, useState } from 'react';
import type { RequestLogEntry } from '../../../src-shared/logs';
import { RemoteView } from '../../components/remote-view';
import { formatBytes } from '../../lib/format';
import { VirtualTable } from '../../components/virtual-table';
import { useRequestPages } from './use-request-pages';
import { Checkbox } from '../../components/checkbox';

const columns = {
  header: ['Time', 'Request', 'Status', 'Duration', 'Size'],
  grid: '11rem minmax(12rem, 3fr) 7rem 6rem 6rem',
};

/** The last 1,000 calls to services, newest first, a page at a time as it scrolls; a row opens its (redacted) detail. */
export function RequestsScreen({ profileId }: { profileId: string | null }) {
  const [onlyProfile, setOnlyProfile] = useState(true);
  const [text, setText] = useState('');
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const filter = useDeferredValue({
    ...(onlyProfile && profileId ? { profileId } : {}),
    ...(text.trim() ? { text: text.trim() } : {}),
    ...(onlyErrors ? { onlyFailures: true } : {}),
  });
  const { remote, entries, reload, loadMore } = useRequestPages(filter);

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
        isEmpty={(first) => first.length === 0}
        empty="No requests match."
      >
        {() => (
          <VirtualTable
            label="Requests"
            items={entries}
            total={entries.length}
            columns={columns.grid}
            header={columns.header}
            estimateSize={38}
            getKey={(entry) => entry.id}
            onNearEnd={loadMore}
            renderRow={(entry) => (
              <RequestRow
                entry={entry}
                open={selected === entry.id}
                onToggle={() => setSelected(selected === entry.id ? null : entry.id)}
              />
            )}
          />
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
      <div role="row" className={`virtual-table-row${open ? ' selected' : ''}`}>
        <div role="cell">
          <button type="button" className="link-button" aria-expanded={open} onClick={onToggle}>
            {entry.at.replace('T', ' ').slice(0, 19)}
          </button>
        </div>
        <div role="cell">
          <code>
            {entry.method} {entry.path}
          </code>
        </div>
        <div role="cell" className={entry.errorCode ? 'error-text' : undefined}>
          {entry.status ?? entry.errorCode}
        </div>
        <div role="cell">{entry.durationMs} ms</div>
        <div role="cell">{formatBytes(entry.responseBytes)}</div>
      </div>
      {open && (
        <div role="row" className="virtual-table-detail">
          <div role="cell">
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
          </div>
        </div>
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
