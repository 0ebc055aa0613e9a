import { open, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { maskFields, type AuditIntent, type AuditLine, type AuditRecord } from '../../../src-shared/logs';
import { Failure } from '../failure';
import { fsyncFolder } from '../json-file';
import type { AuditWriter } from '../ports';
import { auditIntentSchema, auditOutcomeSchema, parseAuditLine } from './audit-lines';
import { joinLines, selectRecords, type AuditFilter } from './audit-query';
import { exportAuditRecords, type AuditExport, type AuditExportFormat } from './audit-export';

/**
 * `<data>/audit.jsonl`: every change the console makes on a service, one JSON line for the intent
 * before the request is sent and one for the outcome after, each fsynced before the call goes on.
 */

/** The audit log: durable appends, plus reading back and exporting. */
export interface AuditLog extends AuditWriter {
  /** Newest first; waits for appends in flight so a caller reads its own writes. */
  list(filter?: AuditFilter): Promise<AuditRecord[]>;
  /** Writes every matching record (oldest first, no limit) to `path` as CSV or JSONL. */
  exportTo(
    path: string,
    format: AuditExportFormat,
    filter?: Omit<AuditFilter, 'limit'>,
  ): Promise<AuditExport>;
}

/** Opens (lazily creates) `<dataDir>/audit.jsonl`. */
export function createAuditLog(dataDir: string): AuditLog {
  const path = join(dataDir, 'audit.jsonl');
  let queue: Promise<void> = Promise.resolve();
  let checkedTail = false;

  async function append(line: AuditLine): Promise<void> {
    const handle = await open(path, 'a+', 0o600);
    try {
      let prefix = '';
      if (!checkedTail) {
        // A crash mid-write leaves a line without its newline; end it so the next line stays whole.
        const { size } = await handle.stat();
        const last = Buffer.alloc(1);
        if (size > 0 && (await handle.read(last, 0, 1, size - 1)).bytesRead === 1 && last[0] !== 0x0a)
          prefix = '\n';
      }
      await handle.appendFile(`${prefix}${JSON.stringify(line)}\n`);
      await handle.sync();
    } catch (error) {
      // A failed write may have left half a line: check the tail again before the next one.
      checkedTail = false;
      throw error;
    } finally {
      await handle.close();
    }
    if (!checkedTail) fsyncFolder(dataDir);
    checkedTail = true;
  }

  function enqueue(line: AuditLine): Promise<void> {
    const run = queue.then(() =>
      append(line).catch((error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
        throw new Failure(
          'internal',
          `The audit log ${path} could not be written (${code}), so the change was not sent.`,
        );
      }),
    );
    queue = run.catch(() => undefined);
    return run;
  }

  async function read(): Promise<AuditRecord[]> {
    await queue;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new Failure(
        'internal',
        `The audit log ${path} cannot be read (${(error as NodeJS.ErrnoException).code}).`,
      );
    }
    return joinLines(text.split('\n').map(parseAuditLine));
  }

  return {
    // Parsing drops unknown properties and re-masking hides confidential values, whatever the caller passed.
    intent: async (entry: AuditIntent) =>
      enqueue(auditIntentSchema.parse({ ...entry, fields: maskFields(entry.fields) })),
    outcome: async (entry) => enqueue(auditOutcomeSchema.parse(entry)),
    async list(filter = {}) {
      const limit = filter.limit ?? 500;
      return selectRecords(await read(), filter)
        .reverse()
        .slice(0, limit);
    },
    async exportTo(target, format, filter = {}) {
      if (resolve(target) === resolve(path)) {
        throw new Failure(
          'invalid_input',
          'An export cannot replace the audit log itself; choose another file.',
        );
      }
      return exportAuditRecords(target, format, selectRecords(await read(), filter));
    },
  };
}
