import { useEffect, useId, useState } from 'react';
import { likelyColumn, parseCsv } from '../../../src-shared/csv-column';
import type { DeliveryStatus, DeliverySummary } from '../../../src-shared/inbox';
import type { Result } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { RemoteView } from '../../components/remote-view';
import { counted } from '../../../src-shared/counted';
import { api } from '../../lib/api';
import { useRemote } from '../../lib/cache';
import { allDeliveryIds, deliveryPageSize } from './delivery-ids';
import { readSourceFile } from './read-source-file';

/** What a file or the inbox gives `batches.create`: text, a CSV with its column, or delivery ids. */
export type SourceChoice = { text: string } | { csv: string; column: string } | { deliveryIds: string[] };

/**
 * A CSV or text file. A CSV's first row names its columns and the user picks one (likelyColumn
 * offers one only when it is plain which); main takes that column and says so in a sentence when
 * it is not there. A file over the limit is read only up to one character past it
 * (readSourceFile), so main refuses it with its own sentence.
 */
export function FileSource({ onChoice }: { onChoice: (choice: SourceChoice | null) => void }) {
  const [file, setFile] = useState<{ name: string; text: string; columns: string[] | null } | null>(null);
  const [column, setColumn] = useState('');
  const hints = useId();

  async function pick(picked: File | undefined) {
    if (!picked) return;
    const text = await readSourceFile(picked);
    const csv = /\.csv$/i.test(picked.name);
    const firstLine = text.slice(0, text.search(/\r?\n/) + 1 || undefined);
    const columns = csv ? (parseCsv(firstLine)[0] ?? []).map((cell) => cell.trim()) : null;
    setFile({ name: picked.name, text, columns });
    const likely = columns ? likelyColumn(columns) : '';
    setColumn(likely);
    onChoice(columns ? { csv: text, column: likely } : { text });
  }

  return (
    <div className="file-source">
      <label className="field">
        <span>File</span>
        <input
          aria-label="File"
          aria-describedby={`${hints}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <span className="hint" id={`${hints}-file`}>
          A .csv takes one column (its first row names them); any other file is read line by line.
        </span>
      </label>
      {file?.columns && (
        <label className="field">
          <span>Column</span>
          <input
            aria-label="Column"
            aria-describedby={`${hints}-column`}
            list="batch-csv-columns"
            value={column}
            onChange={(event) => {
              setColumn(event.target.value);
              onChoice({ csv: file.text, column: event.target.value });
            }}
          />
          <datalist id="batch-csv-columns">
            {file.columns.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <span className="hint" id={`${hints}-column`}>
            The columns of {file.name}: {file.columns.join(', ')}
          </span>
        </label>
      )}
    </div>
  );
}

/** The profile's inbox deliveries: all, or those of one status. */
export function InboxSource({
  profileId,
  onChoice,
}: {
  profileId: string;
  onChoice: (choice: SourceChoice | null) => void;
}) {
  const [status, setStatus] = useState<'' | 'new' | 'in progress' | 'handled' | 'rejected'>('');
  const filter = { profileId, ...(status === '' ? {} : { status }) };
  const [remote, reload] = useRemote('inbox.list', { ...filter, limit: deliveryPageSize });
  return (
    <div className="inbox-source">
      <label className="field">
        <span>Deliveries</span>
        <select
          value={status}
          onChange={(event) => {
            // The deliveries taken were of the other status: the count shown would not be the batch.
            onChoice(null);
            setStatus(event.target.value as typeof status);
          }}
        >
          <option value="">All of this profile</option>
          <option value="new">New</option>
          <option value="in progress">In progress</option>
          <option value="handled">Handled</option>
          <option value="rejected">Rejected</option>
        </select>
      </label>
      <RemoteView remote={remote} onRetry={reload} label="deliveries">
        {(first) => (
          <InboxCount
            // Another status or a delivery arrived: counted again and taken again, so the batch is
            // made from the deliveries the count shows (a ticked box kept the ids of before).
            key={`${status}:${first[0]?.id ?? ''}:${first.length}`}
            first={first}
            filter={filter}
            onChoice={onChoice}
          />
        )}
      </RemoteView>
    </div>
  );
}

function InboxCount({
  first,
  filter,
  onChoice,
}: {
  first: DeliverySummary[];
  filter: { profileId: string; status?: DeliveryStatus };
  onChoice: (choice: SourceChoice | null) => void;
}) {
  const [taken, setTaken] = useState(false);
  const [ids, setIds] = useState<Result<string[]> | null>(null);
  const { profileId, status } = filter;
  // Mounted afresh for each first page (its key): nothing is taken until this count is ticked.
  useEffect(() => onChoice(null), [onChoice]);
  useEffect(() => {
    let current = true;
    const page = (before: string | undefined) =>
      api.inbox.list({ profileId, ...(status ? { status } : {}), limit: deliveryPageSize, before });
    void allDeliveryIds(first, page).then((all) => current && setIds(all));
    return () => {
      current = false;
    };
  }, [first, profileId, status]);
  if (ids === null) return <p role="status">Counting the deliveries…</p>;
  if (!ids.ok) return <CallError error={ids.error} inline />;
  const count = ids.value.length;
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={taken}
        disabled={count === 0}
        onChange={(event) => {
          setTaken(event.target.checked);
          onChoice(event.target.checked ? { deliveryIds: ids.value } : null);
        }}
      />
      Take {count === 1 ? 'this delivery' : `these ${counted(count, 'delivery', 'deliveries')}`}
    </label>
  );
}
