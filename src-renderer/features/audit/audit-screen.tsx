import { useState } from 'react';
import type { AuditRecord } from '../../../src-shared/logs';
import { RemoteView } from '../../components/remote-view';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useNavigation } from '../../lib/navigation';
import { useRemote } from '../../lib/cache';
import { Checkbox } from '../../components/checkbox';

const actionLabels: Record<AuditRecord['intent']['action'], string> = {
  'process.start': 'Start process',
  'note.add': 'Add note',
  'step.complete': 'Complete step',
};

/** Every change the console made, newest first, filterable; a row opens its detail; export to CSV or JSONL. */
export function AuditScreen({ profileId }: { profileId: string | null }) {
  const [onlyProfile, setOnlyProfile] = useState(true);
  const [processFilter, setProcessFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const openProcess = useNavigation((state) => state.openProcess);
  const filter = {
    ...(onlyProfile && profileId ? { profileId } : {}),
    ...(processFilter.trim() ? { processId: processFilter.trim() } : {}),
  };
  const [remote, reload] = useRemote('audit.list', { ...filter, limit: 1000 }, { keepPrevious: true });

  async function exportAs(format: 'csv' | 'jsonl') {
    const result = await api.audit.export({ format, ...filter });
    setExported(
      result.ok ? `Exported ${result.value.count} records to ${result.value.path}` : result.error.message,
    );
  }

  return (
    <div className="screen">
      <header className="screen-header">
        <h1>Audit</h1>
        <div className="button-row">
          <button type="button" onClick={() => void exportAs('csv')}>
            Export CSV
          </button>
          <button type="button" onClick={() => void exportAs('jsonl')}>
            Export JSONL
          </button>
        </div>
      </header>
      <div className="toolbar">
        <Checkbox checked={onlyProfile} onChange={setOnlyProfile}>
          Only the current profile
        </Checkbox>
        <label className="inline-field">
          <span>Process id</span>
          <input value={processFilter} onChange={(event) => setProcessFilter(event.target.value)} />
        </label>
        <button type="button" onClick={reload}>
          Refresh
        </button>
      </div>
      {exported && (
        <p role="status" className="muted">
          {exported}
        </p>
      )}
      <RemoteView
        remote={remote}
        onRetry={reload}
        label="audit records"
        isEmpty={(records) => records.length === 0}
        empty="The console has made no changes yet."
      >
        {(records) => (
          <table className="table" aria-label="Audit records">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">Process</th>
                <th scope="col">Step</th>
                <th scope="col">Profile</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <AuditRow
                  key={record.intent.actionId}
                  record={record}
                  open={selected === record.intent.actionId}
                  onToggle={() =>
                    setSelected(selected === record.intent.actionId ? null : record.intent.actionId)
                  }
                  onOpenProcess={openProcess}
                />
              ))}
            </tbody>
          </table>
        )}
      </RemoteView>
    </div>
  );
}

function AuditRow({
  record,
  open,
  onToggle,
  onOpenProcess,
}: {
  record: AuditRecord;
  open: boolean;
  onToggle: () => void;
  onOpenProcess: (id: string) => void;
}) {
  const { intent, outcome } = record;
  const processId = intent.processId ?? outcome?.processId ?? null;
  return (
    <>
      <tr className={open ? 'selected' : undefined}>
        <td>
          <button type="button" className="link-button" aria-expanded={open} onClick={onToggle}>
            {formatDateTime(intent.at)}
          </button>
        </td>
        <td>{actionLabels[intent.action]}</td>
        <td>{intent.externalReference ?? processId ?? '—'}</td>
        <td>{intent.stepName ?? '—'}</td>
        <td>
          {intent.profileName} ({intent.environment.toUpperCase()})
        </td>
        <td>
          <span className={`outcome outcome-${outcome?.outcome ?? 'pending'}`}>
            {outcome ? outcome.outcome : 'no outcome recorded'}
          </span>
        </td>
      </tr>
      {open && (
        <tr className="detail-row">
          <td colSpan={6}>
            <dl className="facts">
              <dt>Key name</dt>
              <dd>{intent.keyName}</dd>
              <dt>Idempotency key</dt>
              <dd>
                <code>{intent.idempotencyKey ?? '—'}</code>
              </dd>
              {outcome && (
                <>
                  <dt>Result</dt>
                  <dd>
                    {outcome.message} {outcome.status !== null && `(HTTP ${outcome.status})`} ·{' '}
                    {outcome.attempts} attempt(s)
                  </dd>
                </>
              )}
              {intent.note && (
                <>
                  <dt>Note</dt>
                  <dd className="pre-wrap">{intent.note.contents}</dd>
                </>
              )}
            </dl>
            {intent.fields.length > 0 && (
              <pre className="code-block" tabIndex={0}>
                {JSON.stringify(intent.fields, null, 2)}
              </pre>
            )}
            {processId && (
              <button type="button" onClick={() => onOpenProcess(processId)}>
                Open process
              </button>
            )}
          </td>
        </tr>
      )}
    </>
  );
}
