import type { AuditRecord } from '../../src-shared/logs';
import { formatDateTime } from '../lib/format';

const actionLabels: Record<AuditRecord['intent']['action'], string> = {
  'process.start': 'Start process',
  'note.add': 'Add note',
  'step.complete': 'Complete step',
};

/** The audit table's columns, shared by its header and rows. */
export const auditColumns = {
  header: ['Time', 'Action', 'Process', 'Step', 'Profile', 'Outcome'],
  // In rem, not ch: the header's smaller type would give its columns other widths than the rows'.
  // The time's column fits "23 Nov 2026, 17:08:50" on one line; the others hold their longest word
  // ("assessment", "succeeded") at 1024 px and share the rest.
  grid: '13.5rem minmax(7rem, 0.8fr) minmax(7rem, 1fr) minmax(8rem, 1.2fr) minmax(7rem, 1fr) minmax(7rem, 0.8fr)',
};

/** One audit record as a table row; open, its detail below it. */
export function AuditRow({
  record,
  open,
  onToggle,
  onOpenProcess,
}: {
  record: AuditRecord;
  open: boolean;
  onToggle: () => void;
  onOpenProcess?: (id: string) => void;
}) {
  const { intent, outcome } = record;
  const processId = intent.processId ?? outcome?.processId ?? null;
  return (
    <>
      <div role="row" className={`virtual-table-row audit-row${open ? ' selected' : ''}`}>
        <div role="cell">
          <button type="button" className="link-button audit-time" aria-expanded={open} onClick={onToggle}>
            {formatDateTime(intent.at)}
          </button>
        </div>
        <div role="cell">{actionLabels[intent.action]}</div>
        <div role="cell">{intent.externalReference ?? outcome?.externalReference ?? processId ?? '—'}</div>
        <div role="cell">{intent.stepName ?? '—'}</div>
        <div role="cell">
          {intent.profileName} ({intent.environment.toUpperCase()})
        </div>
        <div role="cell">
          <span className={`outcome outcome-${outcome?.outcome ?? 'pending'}`}>
            {outcome ? outcome.outcome : 'no outcome recorded'}
          </span>
        </div>
      </div>
      {open && (
        <div role="row" className="virtual-table-detail">
          <div role="cell">
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
            {processId && onOpenProcess && (
              <button type="button" onClick={() => onOpenProcess(processId)}>
                Open process
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}
