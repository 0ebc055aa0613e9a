import type { SQLInputValue } from 'node:sqlite';
import type { AuditAction, AuditLine, AuditOutcomeFilter, AuditRecord } from '../../../src-shared/logs';
import { Failure } from '../failure';

// Reading the audit log back: which records a filter selects, as SQL over the index and as a scan
// of joined lines (the reference the index is tested against).

/** Which records the audit returns. Times are ISO 8601 and inclusive. */
export interface AuditFilter {
  profileId?: string;
  environment?: 'test' | 'live';
  /** A process id (as the intent names it or as its outcome created it) or an external reference. */
  processId?: string;
  action?: AuditAction;
  outcome?: AuditOutcomeFilter;
  from?: string;
  to?: string;
  /** Part of the external reference or step name, any case (ASCII letters). */
  text?: string;
  /** Most records returned, newest first; 500 by default. */
  limit?: number;
}

/** Joins each intent with its outcome by actionId, in file (oldest first) order. */
export function joinLines(lines: (AuditLine | null)[]): AuditRecord[] {
  const records: AuditRecord[] = [];
  const byAction = new Map<string, AuditRecord>();
  const early = new Map<string, AuditLine & { kind: 'outcome' }>();
  for (const line of lines) {
    if (!line) continue;
    if (line.kind === 'intent') {
      const record: AuditRecord = { intent: line, outcome: early.get(line.actionId) ?? null };
      byAction.set(line.actionId, record);
      records.push(record);
    } else {
      const record = byAction.get(line.actionId);
      if (record) record.outcome = line;
      else early.set(line.actionId, line);
    }
  }
  return records;
}

/** The records matching `filter` (limit aside), in the order given: the scan the index must agree with. */
export function selectRecords(records: AuditRecord[], filter: AuditFilter): AuditRecord[] {
  const from = parseTime(filter.from, 'from');
  const to = parseTime(filter.to, 'to');
  const text = filter.text?.toLowerCase();
  return records.filter(({ intent, outcome }) => {
    if (filter.profileId !== undefined && intent.profileId !== filter.profileId) return false;
    if (filter.environment !== undefined && intent.environment !== filter.environment) return false;
    if (filter.action !== undefined && intent.action !== filter.action) return false;
    if (filter.outcome !== undefined && (outcome?.outcome ?? 'pending') !== filter.outcome) return false;
    const process = filter.processId;
    if (
      process !== undefined &&
      intent.processId !== process &&
      outcome?.processId !== process &&
      intent.externalReference !== process
    ) {
      return false;
    }
    if (
      text !== undefined &&
      !`${intent.externalReference ?? ''}\n${intent.stepName ?? ''}`.toLowerCase().includes(text)
    ) {
      return false;
    }
    const at = Date.parse(intent.at);
    return (from === null || at >= from) && (to === null || at <= to);
  });
}

/** The WHERE clause (and its parameters) over the index's `actions` table for `filter`. */
export function filterSql(filter: AuditFilter): { where: string; params: SQLInputValue[] } {
  const from = parseTime(filter.from, 'from');
  const to = parseTime(filter.to, 'to');
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  const equal = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    clauses.push(`${column} = ?`);
    params.push(value);
  };
  equal('profile_id', filter.profileId);
  equal('environment', filter.environment);
  equal('action', filter.action);
  equal('outcome', filter.outcome);
  if (filter.processId !== undefined) {
    clauses.push('(process_id = ? OR outcome_process_id = ? OR external_reference = ?)');
    params.push(filter.processId, filter.processId, filter.processId);
  }
  if (filter.text !== undefined) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    clauses.push(`(external_reference LIKE ? ESCAPE '\\' OR step_name LIKE ? ESCAPE '\\')`);
    params.push(pattern, pattern);
  }
  if (from !== null) {
    clauses.push('at_ms >= ?');
    params.push(from);
  }
  if (to !== null) {
    clauses.push('at_ms <= ?');
    params.push(to);
  }
  return { where: clauses.length ? clauses.join(' AND ') : '1', params };
}

function parseTime(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new Failure(
      'invalid_input',
      `"${name}" is not a date and time; write it like 2026-06-03T09:14:22.`,
    );
  }
  return time;
}
