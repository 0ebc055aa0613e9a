import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Failure } from './failure';
import { fsyncFolder } from './json-file';

/**
 * Records as a file for someone else (the audit log, a batch's table): JSONL (one record per line)
 * for tools, CSV for a spreadsheet (UTF-8 with a byte order mark, as Excel needs), where a cell that looks like a formula is defused so opening
 * the file runs nothing. Written whole or not at all.
 */

/** The export formats. */
export type ExportFormat = 'csv' | 'jsonl';

/** A CSV column: its header and how a record fills it. */
export type ExportColumn<T> = [string, (record: T) => string | number | boolean | null];

/** What an export reports while it runs, and how to stop it. */
export interface ExportControl {
  signal?: AbortSignal;
  onProgress?: (progress: { written: number; total: number }) => void;
}

/** How an export is described in its sentences, e.g. "audit export". */
export interface ExportTable<T> {
  what: string;
  columns: ExportColumn<T>[];
  /** The JSONL line of a record (default: the record itself). */
  json?: (record: T) => unknown;
}

/**
 * Streams `batches` to `path` with bounded memory: into a temp file beside it, fsynced, then renamed
 * over `path`, so a crash, a failure or a cancel leaves the old file or none, never half of one.
 * Throws a `cancelled` Failure when `signal` aborts, an `invalid_input` one naming the path when it
 * cannot write.
 */
export async function streamTableExport<T>(
  path: string,
  format: ExportFormat,
  table: ExportTable<T>,
  batches: Iterable<T[]>,
  total: number,
  control: ExportControl = {},
): Promise<{ path: string; count: number }> {
  if (!isAbsolute(path))
    throw new Failure('invalid_input', `The export path "${path}" must be a full (absolute) path.`);
  const folder = dirname(path);
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const json = table.json ?? ((record: T) => record);
  let count = 0;
  let handle: FileHandle | null = null;
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    handle = await open(temp, 'wx', 0o600);
    // A byte order mark first: without it Excel reads a UTF-8 CSV in the system's code page, and
    // every accented name (Siân, Müller) comes out garbled.
    if (format === 'csv') await handle.writeFile(`\uFEFF${csvRow(table.columns.map(([name]) => name))}`);
    for (const records of batches) {
      if (control.signal?.aborted) throw new Failure('cancelled', 'Export cancelled; no file was written.');
      const text =
        format === 'csv'
          ? records.map((record) => csvRow(table.columns.map(([, cell]) => cell(record)))).join('')
          : records.map((record) => `${JSON.stringify(json(record))}\n`).join('');
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
    throw new Failure('invalid_input', `The ${table.what} could not be written to ${path} (${code}).`);
  }
  fsyncFolder(folder);
  return { path, count };
}

/** One CSV row: RFC 4180 with CRLF line ends. */
export function csvRow(row: (string | number | boolean | null)[]): string {
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
