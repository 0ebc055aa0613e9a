import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import type { AuditRecord } from '../../../src-shared/logs';
import { Failure } from '../failure';
import { fsyncFolder } from '../json-file';

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
 * Streams `batches` to `path` with bounded memory: into a temp file beside it, fsynced, then renamed
 * over `path`, so a crash, a failure or a cancel leaves the old file or none, never half of one.
 * Throws a `cancelled` Failure when `signal` aborts, an `invalid_input` one naming the path when it
 * cannot write.
 */
export async function streamAuditExport(
  path: string,
  format: AuditExportFormat,
  batches: Iterable<AuditRecord[]>,
  total: number,
  control: AuditExportControl = {},
): Promise<AuditExport> {
  if (!isAbsolute(path))
    throw new Failure('invalid_input', `The export path "${path}" must be a full (absolute) path.`);
  const folder = dirname(path);
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let count = 0;
  let handle: FileHandle | null = null;
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    handle = await open(temp, 'wx', 0o600);
    if (format === 'csv') await handle.writeFile(csvRow(columns.map(([name]) => name)));
    for (const records of batches) {
      if (control.signal?.aborted) throw new Failure('cancelled', 'Export cancelled; no file was written.');
      const text =
        format === 'csv'
          ? records.map((record) => csvRow(columns.map(([, cell]) => cell(record)))).join('')
          : records.map((record) => `${JSON.stringify(record)}\n`).join('');
      await handle.writeFile(text);
      count += records.length;
      control.onProgress?.({ written: count, total });
    }
    await handle.sync();
    await handle.close();
    handle = null;
    if (control.signal?.aborted) throw new Failure('cancelled', 'Export cancelled; no file was written.');
    await rename(temp, path);
  } catch (error) {
    await handle?.close();
    await rm(temp, { force: true });
    if (error instanceof Failure) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new Failure('invalid_input', `The audit export could not be written to ${path} (${code}).`);
  }
  fsyncFolder(folder);
  return { path, count };
}

/** RFC 4180 CSV (CRLF line ends, a header row) with formula-looking cells prefixed by a quote. */
export function toCsv(records: AuditRecord[]): string {
  const rows = [
    columns.map(([name]) => name),
    ...records.map((record) => columns.map(([, cell]) => cell(record))),
  ];
  return rows.map(csvRow).join('');
}

function csvRow(row: (string | number | boolean | null)[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** One CSV cell: defused if a spreadsheet would read it as a formula, quoted when it must be. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  // OWASP CSV injection: =, +, -, @ start formulas; a leading tab or CR can hide one.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
