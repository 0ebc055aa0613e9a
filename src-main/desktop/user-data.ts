import { createHash } from 'node:crypto';
import { join, relative, resolve, isAbsolute } from 'node:path';

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
  /** The console's data folder, resolved (`--data`, PROCESS_CONSOLE_DATA or the default). */
  dataDir: string;
  /** The console's default data folder. */
  defaultDataDir: string;
}

const folderName = 'Process Console Chromium';

/**
 * One Chromium folder per data folder: the single-instance lock lives there, so two consoles on
 * two data folders (tests, a second tenant) can run side by side while a second launch on the
 * same data folder focuses the first window.
 */
export function chromiumDataDir(input: ChromiumDirInput): string {
  const dataDir = resolve(input.dataDir);
  const key =
    dataDir === resolve(input.defaultDataDir)
      ? 'default'
      : createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const candidates = [join(input.appData, folderName, key), join(input.temp, folderName, key)];
  return (
    candidates.find((candidate) => !overlaps(candidate, dataDir)) ??
    join(dataDir, '..', `${folderName}-${key}`)
  );
}

/** True when one folder is the other or inside it. */
export function overlaps(a: string, b: string): boolean {
  return isInside(resolve(a), resolve(b)) || isInside(resolve(b), resolve(a));
}

function isInside(child: string, parent: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}
