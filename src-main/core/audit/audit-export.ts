import { isAbsolute } from 'node:path';
import type { AuditRecord } from '../../../src-shared/logs';
import { Failure } from '../failure';
import { writeFileAtomic } from '../json-file';

/**
 * Audit records as a file for someone else: JSONL (one joined record per line) for tools, CSV for a
 * spreadsheet, where a cell that looks like a formula is defused so opening the file runs nothing.
 */

/** The export formats. */
export type AuditExportFormat = 'csv' | 'jsonl';

/** What an export wrote. */
export interface AuditExport {
  path: string;
  count: number;
}

const columns: [string, (record: AuditRecord) => string | number | boolean | null][] = [
  ['actionId', (r) => r.intent.actionId],
  ['at', (r) => r.intent.at],
  ['action', (r) => r.intent.action],
  ['profileId', (r) => r.intent.profileId],
  ['profileName', (r) => r.intent.profileName],
  ['environment', (r) => r.intent.environment],
  ['keyName', (r) => r.intent.keyName],
  ['processId', (r) => r.intent.processId ?? r.outcome?.processId ?? null],
  ['externalReference', (r) => r.intent.externalReference],
  ['processTypeId', (r) => r.intent.processTypeId],
  ['stepId', (r) => r.intent.stepId],
  ['stepName', (r) => r.intent.stepName],
  ['fields', (r) => r.intent.fields.map((field) => `${field.code}=${field.value}`).join('; ')],
  ['note', (r) => r.intent.note?.contents ?? null],
  ['noteVisibleToAccounts', (r) => r.intent.note?.visibleToAccounts ?? null],
  ['idempotencyKey', (r) => r.intent.idempotencyKey],
  ['outcome', (r) => r.outcome?.outcome ?? 'pending'],
  ['outcomeAt', (r) => r.outcome?.at ?? null],
  ['status', (r) => r.outcome?.status ?? null],
  ['errorCode', (r) => r.outcome?.errorCode ?? null],
  ['message', (r) => r.outcome?.message ?? null],
  ['attempts', (r) => r.outcome?.attempts ?? null],
];

/** Writes `records` to `path` atomically; throws an `invalid_input` Failure naming the path when it cannot. */
export function exportAuditRecords(
  path: string,
  format: AuditExportFormat,
  records: AuditRecord[],
): AuditExport {
  if (!isAbsolute(path))
    throw new Failure('invalid_input', `The export path "${path}" must be a full (absolute) path.`);
  const content =
    format === 'csv' ? toCsv(records) : records.map((record) => `${JSON.stringify(record)}\n`).join('');
  try {
    writeFileAtomic(path, content);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new Failure('invalid_input', `The audit export could not be written to ${path} (${code}).`);
  }
  return { path, count: records.length };
}

/** RFC 4180 CSV (CRLF line ends, a header row) with formula-looking cells prefixed by a quote. */
export function toCsv(records: AuditRecord[]): string {
  const rows = [
    columns.map(([name]) => name),
    ...records.map((record) => columns.map(([, cell]) => cell(record))),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** One CSV cell: defused if a spreadsheet would read it as a formula, quoted when it must be. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  // OWASP CSV injection: =, +, -, @ start formulas; a leading tab or CR can hide one.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
