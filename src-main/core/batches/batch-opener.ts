import { basename, dirname } from 'node:path';
import { Failure } from '../failure';
import { isDamagedDatabase, sqliteCode } from '../sqlite-damage';
import { batchDbPath } from './batch-db';
import { createBatchService, type BatchService, type BatchServiceDependencies } from './batch-service';

/** The batch service as the console reaches it: open, or unavailable with a sentence saying why. */
export interface BatchOpener {
  /**
   * The service. While its database cannot be opened, each call tries again first and, failing,
   * throws the Failure that names the file and what to do; the rest of the console works meanwhile.
   */
  service(): BatchService;
  /** Closes the service if it was ever opened. */
  close(): Promise<void>;
}

/**
 * Opens the batches at start, without letting their database stop the console. An unreadable
 * batches.db is left where it is, never moved aside or replaced: its journal may hold the only
 * record of a change a run was sending when the console stopped, which Resume settles by reading
 * the process back. The administrator chooses (restore it, or move it away to start empty) and
 * opening Batches again picks up the result, without a restart.
 */
export function openBatches(deps: BatchServiceDependencies, log: (line: string) => void): BatchOpener {
  let opened: BatchService | null = null;
  let refusal: unknown = null;
  const attempt = () => {
    try {
      opened = createBatchService(deps);
      refusal = null;
    } catch (error) {
      refusal = unopenable(batchDbPath(deps.dataDir), error);
    }
  };
  attempt();
  if (refusal) log(refusal instanceof Error ? refusal.message : String(refusal));
  return {
    service() {
      if (!opened) attempt();
      if (!opened) throw refusal;
      return opened;
    },
    async close() {
      await opened?.close();
    },
  };
}

/**
 * What opening `file` failing with `error` means to the user: a Failure naming the file and the
 * next step, or the error itself when it is a bug (the one door reports it as internal).
 */
function unopenable(file: string, error: unknown): unknown {
  // The database's own sentences (a schema newer than this console) already say what to do.
  if (error instanceof Failure) return error;
  const fileSystem = (error as NodeJS.ErrnoException | null)?.syscall !== undefined;
  if (sqliteCode(error) === null && !fileSystem) return error;
  // SQLite's own sentence, or the file system's, which names the path it failed on.
  const reason = (error as Error).message;
  const unavailable = 'Batches are unavailable; the rest of the console works.';
  // Left behind, they would be read into whatever file takes the name next (SQLite does not tie a
  // WAL to its database), or deleted by SQLite when that file is new.
  const journal = `${basename(file)}-wal and ${basename(file)}-shm`;
  if (isDamagedDatabase(error))
    return new Failure(
      'invalid_input',
      `${unavailable} ${file} cannot be read as a database (${reason}). It is left as it is, with ` +
        `${journal} beside it: they may hold the record of changes a run was sending. Restore it ` +
        'from a backup, or move it out of that folder to start with no batches, and move or restore ' +
        `${journal} together with it; then open Batches again.`,
    );
  return new Failure(
    'invalid_input',
    `${unavailable} ${file} could not be opened (${reason}). Check that ${dirname(file)} is a ` +
      'folder the console may write to and that no other program holds the file, then open Batches again.',
  );
}
