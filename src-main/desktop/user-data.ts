import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { Failure } from '../core/failure';

/**
 * Where Chromium keeps its own files (caches, local storage, the single-instance lock): a folder
 * of its own, never the console's data folder with audit.jsonl, the inbox and profiles. Electron's
 * default (`<appData>/<name>`) is exactly the console's default data folder on macOS and Windows.
 */

/** The folders the choice depends on. */
export interface ChromiumDirInput {
  /** Electron's `app.getPath('appData')`. */
  appData: string;
  /** Electron's `app.getPath('temp')`: the fallback when the data folder swallows appData. */
  temp: string;
  /** The console's data folder as {@link realFolder} gives it (`--data`, PROCESS_CONSOLE_DATA or the default). */
  dataDir: string;
  /** The console's default data folder, as {@link realFolder} gives it. */
  defaultDataDir: string;
  /** Who runs the console ({@link currentUser}): the temp fallback, shared by all users, gets a folder per user. */
  user: string;
}

/** Chromium's folder, and the topmost folder of ours above it (what must be this user's). */
export interface ChromiumDir {
  path: string;
  ownFolder: string;
}

const folderName = 'Process Console Chromium';

/**
 * One Chromium folder per data folder: the single-instance lock lives there, so two consoles on
 * two data folders (tests, a second tenant) can run side by side while a second launch on the
 * same data folder focuses the first window. The data folder is keyed by its real path, so two
 * spellings of one folder (case, symlinks, /tmp and /private/tmp) share one lock.
 */
export function chromiumDataDir(input: ChromiumDirInput): ChromiumDir {
  const dataDir = resolve(input.dataDir);
  const key =
    dataDir === resolve(input.defaultDataDir)
      ? 'default'
      : createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const candidates = [
    join(input.appData, folderName),
    join(input.temp, `${folderName}-${input.user.replace(/[^\w.-]/g, '_')}`),
  ].map((ownFolder) => ({ path: join(ownFolder, key), ownFolder }));
  const fallback = join(dataDir, '..', `${folderName}-${key}`);
  return (
    candidates.find((candidate) => !overlaps(candidate.path, dataDir)) ?? {
      path: fallback,
      ownFolder: fallback,
    }
  );
}

/** The folder's real path (symlinks followed, the case the disk keeps); resolved as written if it does not exist. */
export function realFolder(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}

/** The uid where there is one (POSIX), else the user name (Windows). */
export function currentUser(): string {
  return String(process.getuid?.() ?? userInfo().username);
}

/**
 * Creates Chromium's folder (0700: Electron's `setPath` throws for a folder that does not exist)
 * and refuses one that another user made first, as someone could in a shared temp folder.
 */
export function prepareChromiumDir(dir: ChromiumDir, uid = process.getuid?.()): void {
  try {
    mkdirSync(dir.path, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new Failure(
      'invalid_input',
      `Cannot create the folder for the window's own files, ${dir.path}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}.`,
    );
  }
  if (uid === undefined) return;
  for (const folder of new Set([dir.ownFolder, dir.path])) {
    const stat = lstatSync(folder);
    if (!stat.isDirectory() || stat.uid !== uid)
      throw new Failure(
        'invalid_input',
        `The folder ${folder} (for the window's own files) belongs to another user or is not a folder; remove it, or choose another data folder.`,
      );
  }
}

/** True when one folder is the other or inside it. */
export function overlaps(a: string, b: string): boolean {
  return isInside(resolve(a), resolve(b)) || isInside(resolve(b), resolve(a));
}

function isInside(child: string, parent: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}
