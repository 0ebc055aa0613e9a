import type { AuditLine, AuditRecord } from '../../../src-shared/logs';
import { Failure } from '../failure';

// Reading the audit log back: lines joined into records, then filtered.

/** Which records `AuditLog.list` returns. Times are ISO 8601 and inclusive. */
export interface AuditFilter {
  profileId?: string;
  /** Matches the process an intent names or the one its outcome created. */
  processId?: string;
  from?: string;
  to?: string;
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

/** The records matching `filter` (limit aside), in the order given. */
export function selectRecords(records: AuditRecord[], filter: AuditFilter): AuditRecord[] {
  const from = parseTime(filter.from, 'from');
  const to = parseTime(filter.to, 'to');
  return records.filter(({ intent, outcome }) => {
    if (filter.profileId !== undefined && intent.profileId !== filter.profileId) return false;
    if (
      filter.processId !== undefined &&
      intent.processId !== filter.processId &&
      outcome?.processId !== filter.processId
    ) {
      return false;
    }
    const at = Date.parse(intent.at);
    return (from === null || at >= from) && (to === null || at <= to);
  });
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
