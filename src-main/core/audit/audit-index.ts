import { open, type FileHandle } from 'node:fs/promises';
import type { DatabaseSync } from 'node:sqlite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuditIndexing } from '../../../src-shared/logs';
import { clearAuditIndex, openAuditIndex, readIndexState, removeAuditIndex } from './audit-index-db';
import { indexChunk, lineHash, prepareIndexStatements, type IndexStatements } from './audit-index-lines';

/**
 * Keeps the index level with `audit.jsonl`. It follows the file rather than the writer: every
 * catch-up reads the bytes appended since the last one, so a crash between an append and its
 * index row, an index deleted by hand or a file replaced under it all end the same way, with the
 * index rebuilt from the file. A catch-up works a chunk at a time and yields between chunks, so the
 * console answers other calls while it indexes a year of changes.
 */

/** The index of one audit file. */
export interface AuditIndex {
  /** The open, checked database (opened on first use). */
  db(): DatabaseSync;
  /** Indexes everything whole in the file; one run at a time, later callers share it. */
  catchUp(): Promise<void>;
  /** Where a running catch-up is; null when none runs. */
  progress(): AuditIndexing | null;
  /** How far the index has read the file, and the file's size now (a torn tail counts as unread). */
  level(): Promise<AuditIndexing>;
  close(): void;
}

const chunkBytes = 1 << 20;

/** The index at `indexPath` of the audit file at `filePath`. */
export function createAuditIndex(filePath: string, indexPath: string): AuditIndex {
  let opened: { db: DatabaseSync; statements: IndexStatements } | null = null;
  let running: Promise<void> | null = null;
  let progress: AuditIndexing | null = null;
  let closed = false;

  function connection() {
    if (closed) throw new Error('the audit index is closed');
    if (!opened) {
      const db = openAuditIndex(indexPath);
      opened = { db, statements: prepareIndexStatements(db) };
    }
    return opened;
  }

  async function fileSize(): Promise<number> {
    try {
      const handle = await open(filePath, 'r');
      try {
        return (await handle.stat()).size;
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }

  /** Clears the index when the file is shorter than what it read, or its last line changed. */
  async function verify(handle: FileHandle | null, size: number): Promise<void> {
    const { db } = connection();
    const state = readIndexState(db);
    if (state.fileBytes === 0) return;
    let same = handle !== null && size >= state.fileBytes;
    if (same && handle) {
      const last = Buffer.alloc(state.fileBytes - state.lastLineOffset);
      await handle.read(last, 0, last.length, state.lastLineOffset);
      same = lineHash(last) === state.lastLineHash;
    }
    if (!same) clearAuditIndex(db);
  }

  async function run(): Promise<void> {
    let handle: FileHandle | null = null;
    try {
      handle = await open(filePath, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      await verify(handle, handle ? (await handle.stat()).size : 0);
      if (!handle) return;
      let size = chunkBytes;
      // Closing stops a rebuild between chunks; the next start goes on from where it stopped.
      while (!closed) {
        const { db, statements } = connection();
        const total = (await handle.stat()).size;
        const from = readIndexState(db).fileBytes;
        if (total <= from) return;
        const chunk = Buffer.alloc(Math.min(size, total - from));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, from);
        const consumed = indexChunk(db, statements, chunk.subarray(0, bytesRead), from);
        if (consumed === 0) {
          // No newline: either the torn tail of a crash (left for the next append to end) or a
          // line longer than a chunk, read again whole.
          if (from + bytesRead >= total) return;
          size *= 2;
          continue;
        }
        size = chunkBytes;
        progress = { indexedBytes: from + consumed, totalBytes: total };
        await nextTurn();
      }
    } finally {
      progress = null;
      await handle?.close();
    }
  }

  return {
    db: () => connection().db,
    catchUp() {
      running ??= run()
        .catch((error: unknown) => {
          if (closed) return;
          // A damaged index is rebuilt from the file on the next call rather than trusted.
          opened?.db.close();
          opened = null;
          removeAuditIndex(indexPath);
          throw error;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    progress: () => progress,
    async level() {
      return { indexedBytes: readIndexState(connection().db).fileBytes, totalBytes: await fileSize() };
    },
    close() {
      closed = true;
      opened?.db.close();
      opened = null;
    },
  };
}
