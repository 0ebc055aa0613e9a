import { open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  maskFields,
  type AuditIntent,
  type AuditLine,
  type AuditPage,
  type AuditRecord,
} from '../../../src-shared/logs';
import { Failure } from '../failure';
import { fsyncFolder } from '../json-file';
import type { AuditWriter } from '../ports';
import {
  streamAuditExport,
  type AuditExport,
  type AuditExportControl,
  type AuditExportFormat,
} from './audit-export';
import { createAuditIndex } from './audit-index';
import { auditIndexFile } from './audit-index-db';
import { auditIntentSchema, auditOutcomeSchema } from './audit-lines';
import { countRecords, recordBatches, selectPage } from './audit-pages';
import type { AuditFilter } from './audit-query';

/**
 * `<data>/audit.jsonl`: every change the console makes on a service, one JSON line for the intent
 * before the request is sent and one for the outcome after, each fsynced before the call goes on.
 * Reads go through `audit-index.sqlite` beside it, which follows the file (see audit-index.ts).
 */

/** A filter and where to start: `cursor` is a page's `nextCursor`. */
export interface AuditQuery extends AuditFilter {
  cursor?: string;
}

/** The audit log: durable appends, plus reading back (through the index) and exporting. */
export interface AuditLog extends AuditWriter {
  /** Newest first, all of the file indexed first; waits for appends in flight so a caller reads its own writes. */
  list(filter?: AuditFilter): Promise<AuditRecord[]>;
  /**
   * One page, newest first (200 by default). Waits for appends in flight; while a long rebuild of
   * the index runs it answers from what is indexed and says how far the rebuild is.
   */
  page(query?: AuditQuery): Promise<AuditPage>;
  /** Streams every matching record (oldest first, no limit) to `path` as CSV or JSONL. */
  exportTo(
    path: string,
    format: AuditExportFormat,
    filter?: Omit<AuditFilter, 'limit'>,
    control?: AuditExportControl,
  ): Promise<AuditExport>;
  /** Stops the export that is running, if one is; it leaves no file. */
  cancelExport(): boolean;
  /** Checks the index against the file and starts catching up in the background. */
  warmUp(): void;
  close(): void;
}

/** Behind by more than this, a page does not wait for the index: it answers and says it is catching up. */
const inlineCatchUpBytes = 1 << 20;

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

  const index = createAuditIndex(path, join(dataDir, auditIndexFile));
  const exports = new Set<AbortController>();

  function indexed<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof Failure) throw error;
      throw new Failure('internal', `The audit index beside ${path} cannot be used (${String(error)}).`);
    }
  }

  async function caughtUp(): Promise<void> {
    await queue;
    await indexed(() => index.catchUp()).catch((error: unknown) => {
      if (error instanceof Failure) throw error;
      throw new Failure('internal', `The audit log ${path} cannot be indexed (${String(error)}).`);
    });
  }

  return {
    // Parsing drops unknown properties and re-masking hides confidential values, whatever the caller passed.
    intent: async (entry: AuditIntent) =>
      enqueue(auditIntentSchema.parse({ ...entry, fields: maskFields(entry.fields) })),
    outcome: async (entry) => enqueue(auditOutcomeSchema.parse(entry)),
    async list(filter = {}) {
      await caughtUp();
      return indexed(() => selectPage(index.db(), path, filter, undefined, filter.limit ?? 500).records);
    },
    async page({ cursor, ...filter } = {}) {
      await queue;
      let indexing = index.progress();
      if (!indexing) {
        const { indexedBytes, totalBytes } = await indexed(() => index.level());
        if (totalBytes - indexedBytes <= inlineCatchUpBytes) await caughtUp();
        else {
          // The next page asks again; a failure here shows there.
          void index.catchUp().catch(() => undefined);
          indexing = index.progress() ?? { indexedBytes, totalBytes };
        }
      }
      const page = indexed(() => selectPage(index.db(), path, filter, cursor, filter.limit ?? 200));
      return { ...page, indexing };
    },
    async exportTo(target, format, filter = {}, control = {}) {
      if (resolve(target) === resolve(path)) {
        throw new Failure(
          'invalid_input',
          'An export cannot replace the audit log itself; choose another file.',
        );
      }
      const stop = new AbortController();
      exports.add(stop);
      try {
        await caughtUp();
        const db = indexed(() => index.db());
        const signal = control.signal ? AbortSignal.any([control.signal, stop.signal]) : stop.signal;
        return await streamAuditExport(
          target,
          format,
          recordBatches(db, path, filter),
          countRecords(db, filter),
          { ...control, signal },
        );
      } finally {
        exports.delete(stop);
      }
    },
    cancelExport() {
      for (const stop of exports) stop.abort();
      return exports.size > 0;
    },
    warmUp() {
      void caughtUp().catch(() => undefined);
    },
    close: () => index.close(),
  };
}
