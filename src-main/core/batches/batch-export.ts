import type { BatchRow } from '../../../src-shared/batches';
import { safeFileName } from '../save-path';
import type { ExportColumn, ExportTable } from '../table-export';

/** A batch's table and outcomes as CSV columns; JSONL carries each row as the table has it. */
const columns: ExportColumn<BatchRow>[] = [
  ['row', (r) => r.rowNo],
  ['input', (r) => r.input],
  ['processId', (r) => r.processId],
  ['externalReference', (r) => r.externalReference],
  ['processType', (r) => r.processTypeName],
  ['status', (r) => r.status],
  ['currentStep', (r) => r.currentStep?.name ?? null],
  ['stepKind', (r) => r.currentStep?.kind ?? null],
  ['waitingSince', (r) => r.currentStep?.startedOn ?? null],
  ['allocatedUser', (r) => r.allocatedUser],
  ['restStepFailed', (r) => r.restFailed],
  ['read', (r) => r.read],
  ['readError', (r) => r.readError],
  ['readAt', (r) => r.readAt],
  ['outcome', (r) => r.action],
  ['outcomeMessage', (r) => r.actionMessage],
];

/** The table description streamTableExport writes a batch with. */
export const batchExportTable: ExportTable<BatchRow> = { what: 'batch export', columns };

/** Rows in slices of 1,000, so the writer's memory stays bounded. */
export function* slices(rows: BatchRow[], size = 1_000): Iterable<BatchRow[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/**
 * The file name a batch's export is offered under: "batch <name>.<format>". The name is made safe
 * and cut before the extension is added: made safe whole, a 200-character name lost its ".csv" to
 * the length cut, and a "/" in it cut the name at the slash ("x/.." became "csv", no extension).
 */
export function exportFileName(batchName: string, format: 'csv' | 'jsonl'): string {
  const stem = safeFileName(`batch ${batchName.replace(/[/\\]/g, '_')}`, 'batch')
    .slice(0, 180)
    .replace(/[. ]+$/, '');
  return safeFileName(`${stem}.${format}`, `batch.${format}`);
}
