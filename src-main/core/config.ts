import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { appDataSegments } from '../../src-shared/app-folder';
import { Failure } from './failure';

/** Where the console keeps its files, decided once at start-up. */
export interface ConsoleConfig {
  dataDir: string;
}

/** The OS's per-user application data folder for the console. */
export function defaultDataDir(platform = process.platform, env = process.env, home = homedir()): string {
  return join(...appDataSegments(platform, env, home));
}

/**
 * Picks the data folder (`--data`, then PROCESS_CONSOLE_DATA, then the OS default), creates it if
 * needed and proves it is a writable folder, so a bad setting fails at start with a sentence.
 */
export function resolveDataDir(flag: string | boolean | undefined, env = process.env): string {
  // A bare `--data` parses (non-strict) as `true`: say what is missing instead of failing on it.
  if (typeof flag === 'boolean') {
    throw new Failure('invalid_input', '--data needs a folder after it: --data <folder>.');
  }
  const chosen = flag ?? env.PROCESS_CONSOLE_DATA;
  if (chosen !== undefined && chosen.trim() === '') {
    throw new Failure(
      'invalid_input',
      'The data folder setting is empty; give a folder path or leave it unset.',
    );
  }
  const dir = resolve(chosen ?? defaultDataDir());
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new Failure('invalid_input', `Cannot create the data folder ${dir}: ${describeFsError(error)}.`);
  }
  if (!statSync(dir).isDirectory()) {
    throw new Failure(
      'invalid_input',
      `The data folder ${dir} is a file, not a folder; choose another path.`,
    );
  }
  try {
    accessSync(dir, constants.R_OK | constants.W_OK);
  } catch {
    throw new Failure(
      'invalid_input',
      `The data folder ${dir} is not writable by this user; choose another path.`,
    );
  }
  return dir;
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'part of the path is a file';
  if (code === 'EROFS') return 'the disk is read-only';
  return code ?? 'unknown error';
}
