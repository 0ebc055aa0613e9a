import { closeSync, openSync, readSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { AuditOutcome, AuditRecord } from '../../../src-shared/logs';
import { parseAuditLine } from './audit-lines';
import { filterSql, type AuditFilter } from './audit-query';

/**
 * Reading records through the index: SQL picks the rows (newest first, keyset paging on the intent's
 * byte offset, so a page costs the same on page 1 and page 1,000), then only those lines are read
 * from the file and validated, as a full read would validate them.
 */

interface IndexedRow {
  offset: number;
  length: number;
  outcome_offset: number | null;
  outcome_length: number | null;
}

const rowColumns = 'offset, length, outcome_offset, outcome_length';

/** One page of records matching `filter`, newest first, older than `cursor` when given. */
export function selectPage(
  db: DatabaseSync,
  filePath: string,
  filter: AuditFilter,
  cursor: string | undefined,
  limit: number,
): { records: AuditRecord[]; total: number; nextCursor: string | null } {
  const { where, params } = filterSql(filter);
  const total = countRecords(db, filter);
  const before = cursor === undefined ? Number.MAX_SAFE_INTEGER : Number(cursor);
  const rows = db
    .prepare(`SELECT ${rowColumns} FROM actions WHERE ${where} AND offset < ? ORDER BY offset DESC LIMIT ?`)
    .all(...params, before, limit + 1) as unknown as IndexedRow[];
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  return {
    records: readRecords(filePath, page),
    total,
    nextCursor: more && page.length > 0 ? String(page.at(-1)!.offset) : null,
  };
}

/** Every record matching `filter`, oldest first, `batch` at a time: what an export streams. */
export function* recordBatches(
  db: DatabaseSync,
  filePath: string,
  filter: AuditFilter,
  batch = 2000,
): Generator<AuditRecord[]> {
  const { where, params } = filterSql(filter);
  const statement = db.prepare(
    `SELECT ${rowColumns} FROM actions WHERE ${where} AND offset > ? ORDER BY offset LIMIT ?`,
  );
  let after = -1;
  for (;;) {
    const rows = statement.all(...params, after, batch) as unknown as IndexedRow[];
    if (rows.length === 0) return;
    after = rows.at(-1)!.offset;
    yield readRecords(filePath, rows);
  }
}

/** Counts the records matching `filter`. */
export function countRecords(db: DatabaseSync, filter: AuditFilter): number {
  const { where, params } = filterSql(filter);
  return (db.prepare(`SELECT COUNT(*) AS n FROM actions WHERE ${where}`).get(...params) as { n: number }).n;
}

function readRecords(filePath: string, rows: IndexedRow[]): AuditRecord[] {
  if (rows.length === 0) return [];
  const fd = openSync(filePath, 'r');
  try {
    const records: AuditRecord[] = [];
    for (const row of rows) {
      const intent = parseAuditLine(readLine(fd, row.offset, row.length));
      // A line that no longer parses means the file changed under the index; the next catch-up
      // checks the file and rebuilds, and the page shows only what it can vouch for.
      if (intent?.kind !== 'intent') continue;
      let outcome: AuditOutcome | null = null;
      if (row.outcome_offset !== null && row.outcome_length !== null) {
        const line = parseAuditLine(readLine(fd, row.outcome_offset, row.outcome_length));
        if (line?.kind === 'outcome') outcome = line;
      }
      records.push({ intent, outcome });
    }
    return records;
  } finally {
    closeSync(fd);
  }
}

function readLine(fd: number, offset: number, length: number): string {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, offset);
  return buffer.toString('utf8', 0, read);
}
