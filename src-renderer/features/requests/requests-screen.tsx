import { useDeferredValue, useState } from 'react';
import type { RequestLogEntry } from '../../../src-shared/logs';
import { RemoteView } from '../../components/remote-view';
import { formatBytes, formatDateTime } from '../../lib/format';
import { VirtualTable } from '../../components/virtual-table';
import { useRequestPages } from './use-request-pages';
import { Checkbox } from '../../components/checkbox';
import { RequestDetail } from './request-detail';

type StatusChoice = '' | '2xx' | '3xx' | '4xx' | '5xx' | 'none';

const columns = {
  header: ['Time', 'Request', 'Status', 'Duration', 'Size'],
  grid: '13rem minmax(12rem, 3fr) 6rem 7rem 6rem',
};

/** The last 1,000 calls to services, newest first, a page at a time as it scrolls; a row opens its (redacted) detail. */
export function RequestsScreen({ profileId }: { profileId: string | null }) {
  const [onlyProfile, setOnlyProfile] = useState(true);
  const [text, setText] = useState('');
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [process, setProcess] = useState('');
  const [status, setStatus] = useState<StatusChoice>('');
  const [selected, setSelected] = useState<string | null>(null);
  const filter = useDeferredValue({
    ...(onlyProfile && profileId ? { profileId } : {}),
    ...(text.trim() ? { text: text.trim() } : {}),
    ...(onlyErrors ? { onlyFailures: true } : {}),
    ...(process.trim() ? { process: process.trim() } : {}),
    ...(status ? { status } : {}),
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
        <label className="inline-field">
          <span>Process</span>
          <input
            type="search"
            placeholder="id or reference"
            value={process}
            onChange={(event) => setProcess(event.target.value)}
          />
        </label>
        <label className="inline-field">
          <span>Status</span>
          {/* Named on its own: a label's text would include the chosen option's. */}
          <select
            aria-label="Status"
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusChoice)}
          >
            <option value="">Any</option>
            <option value="2xx">2xx success</option>
            <option value="3xx">3xx redirect</option>
            <option value="4xx">4xx refused</option>
            <option value="5xx">5xx service error</option>
            <option value="none">No answer</option>
          </select>
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
        <div role="cell" className="request-time">
          <button type="button" className="link-button" aria-expanded={open} onClick={onToggle}>
            {formatDateTime(entry.at)}
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
          <RequestDetail entry={entry} />
        </div>
      )}
    </>
  );
}
