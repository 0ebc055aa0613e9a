import { useDeferredValue, useState } from 'react';
import { Checkbox } from '../../components/checkbox';
import { useNavigation } from '../../lib/navigation';
import { AuditExportButtons } from './audit-export-buttons';
import { AuditRecords } from '../../components/audit-records';
import type { AuditScreenFilter } from '../../lib/use-audit-pages';

type Action = NonNullable<AuditScreenFilter['action']>;
type Outcome = NonNullable<AuditScreenFilter['outcome']>;

/** Every change the console made, newest first, filtered as one types; a row opens its detail; export to CSV or JSONL. */
export function AuditScreen({ profileId }: { profileId: string | null }) {
  const [onlyProfile, setOnlyProfile] = useState(true);
  const [processFilter, setProcessFilter] = useState('');
  const [text, setText] = useState('');
  const [action, setAction] = useState<Action | ''>('');
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [environment, setEnvironment] = useState<'test' | 'live' | ''>('');
  const openProcess = useNavigation((state) => state.openProcess);
  const filter: AuditScreenFilter = {
    ...(onlyProfile && profileId ? { profileId } : {}),
    ...(processFilter.trim() ? { processId: processFilter.trim() } : {}),
    ...(text.trim() ? { text: text.trim() } : {}),
    ...(action ? { action } : {}),
    ...(outcome ? { outcome } : {}),
    ...(environment ? { environment } : {}),
  };
  // Typing stays responsive: the list follows the latest filter when React has time.
  const shownFilter = useDeferredValue(filter);

  return (
    <div className="screen">
      <header className="screen-header">
        <h1>Audit</h1>
        <AuditExportButtons filter={filter} />
      </header>
      <div className="toolbar">
        <Checkbox checked={onlyProfile} onChange={setOnlyProfile}>
          Only the current profile
        </Checkbox>
        <label className="inline-field">
          <span>Process id</span>
          <input value={processFilter} onChange={(event) => setProcessFilter(event.target.value)} />
        </label>
        <label className="inline-field">
          <span>Reference or step contains</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <label className="inline-field">
          <span>Action</span>
          <select value={action} onChange={(event) => setAction(event.target.value as Action | '')}>
            <option value="">Any</option>
            <option value="process.start">Start process</option>
            <option value="note.add">Add note</option>
            <option value="step.complete">Complete step</option>
          </select>
        </label>
        <label className="inline-field">
          <span>Environment</span>
          <select
            value={environment}
            onChange={(event) => setEnvironment(event.target.value as 'test' | 'live' | '')}
          >
            <option value="">Any</option>
            <option value="test">Test</option>
            <option value="live">Live</option>
          </select>
        </label>
        <label className="inline-field">
          <span>Outcome</span>
          <select value={outcome} onChange={(event) => setOutcome(event.target.value as Outcome | '')}>
            <option value="">Any</option>
            <option value="succeeded">Succeeded</option>
            <option value="failed">Failed</option>
            <option value="unknown">Unknown</option>
            <option value="pending">No outcome recorded</option>
          </select>
        </label>
      </div>
      <AuditRecords
        filter={shownFilter}
        empty="The console has made no changes yet."
        onOpenProcess={openProcess}
      />
    </div>
  );
}
