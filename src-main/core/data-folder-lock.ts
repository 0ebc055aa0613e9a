import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Failure } from './failure';

/** The file whose lock says a console is using its data folder. */
export const lockFileName = 'console.lock';

/** A data folder held by this process until released (or until the process ends, however). */
export interface DataFolderLock {
  release(): void;
}

/**
 * Takes the data folder for this console, or refuses with a sentence. Two consoles on one folder
 * would both resume an interrupted batch run and send its changes twice, and both rewrite the
 * profiles and the inbox. The desktop's single-instance lock covers two windows only; the browser
 * shell, or one of each, had none.
 *
 * The lock is SQLite's exclusive lock on a file of its own (an OS file lock, held by an open
 * transaction): the OS drops it when the process ends, kill -9 included, so a crash never leaves
 * a stale lock to clear by hand, and no process id is trusted (ids are reused).
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Nothing else in this process may open this file: closing any handle on it drops the lock.
  const path = join(dataDir, lockFileName);
  let db: DatabaseSync | undefined;
  try {
    // timeout 0: a folder in use is refused at once, not after a wait.
    db = new DatabaseSync(path, { timeout: 0 });
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db?.close();
    const code = (error as { errcode?: number }).errcode;
    if (code === sqliteBusy || code === sqliteLocked) {
      throw new Failure(
        'conflict',
        `Another Process Console is already using the data folder ${dataDir}. ` +
          'Switch to it, or close it first; to run a second console, start it with its own folder (--data <folder>).',
      );
    }
    throw new Failure(
      'internal',
      `The console could not take its data folder ${dataDir} (${(error as Error).message}). ` +
        'Check that the folder is on a local disk you can write to, or start the console with another (--data <folder>).',
    );
  }
  const held = db;
  let open = true;
  return {
    release() {
      if (!open) return;
      open = false;
      try {
        held.exec('ROLLBACK');
      } finally {
        held.close();
      }
    },
  };
}

const sqliteBusy = 5;
const sqliteLocked = 6;
