import type { AuditRecord } from '../../../src-shared/logs';
import { csvCell, streamTableExport, type ExportColumn } from '../table-export';

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

const columns: ExportColumn<AuditRecord>[] = [
  ['actionId', (r) => r.intent.actionId],
  ['at', (r) => r.intent.at],
  ['action', (r) => r.intent.action],
  ['profileId', (r) => r.intent.profileId],
  ['profileName', (r) => r.intent.profileName],
  ['environment', (r) => r.intent.environment],
  ['keyName', (r) => r.intent.keyName],
  ['processId', (r) => r.intent.processId ?? r.outcome?.processId ?? null],
  ['externalReference', (r) => r.intent.externalReference ?? r.outcome?.externalReference ?? null],
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

/** What an export reports while it runs. */
export interface AuditExportProgress {
  written: number;
  total: number;
}

/** How to follow and stop a running export. */
export interface AuditExportControl {
  signal?: AbortSignal;
  onProgress?: (progress: AuditExportProgress) => void;
}

/**
 * Streams `batches` to `path` with bounded memory, whole or not at all (table-export.ts).
 */
export async function streamAuditExport(
  path: string,
  format: AuditExportFormat,
  batches: Iterable<AuditRecord[]>,
  total: number,
  control: AuditExportControl = {},
): Promise<AuditExport> {
  return streamTableExport(path, format, { what: 'audit export', columns }, batches, total, control);
}

export { csvCell };
