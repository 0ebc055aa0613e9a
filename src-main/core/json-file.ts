import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { moveAside } from './move-aside';

/**
 * The console's small state files (profiles, history): a `{version: N, ...body}` document, read and
 * validated once, written whole and atomically. A file that cannot be read is moved aside, never
 * overwritten, so a bug or a bad disk cannot silently destroy what the user had.
 */

/** What reading a state file found: its body, or nothing (absent or moved aside). */
export interface JsonFileRead<T> {
  /** The validated body; null when the file is absent or was moved aside. */
  value: T | null;
  /** A sentence for the user when the file was moved aside; null otherwise. */
  problem: string | null;
  /** Where the unreadable file now is; null when nothing was moved. */
  movedTo: string | null;
}

/**
 * Reads `path`, checks its `version` and validates the rest with `schema`. A missing file is an empty
 * state; an unreadable, malformed, invalid or newer file is renamed to `<name>.corrupt-<time>`.
 */
export function readJsonFile<T>(path: string, version: number, schema: z.ZodType<T>): JsonFileRead<T> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { value: null, problem: null, movedTo: null };
    return setAside(path, `it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return setAside(path, 'it is not valid JSON');
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return setAside(path, 'it is not a JSON object');
  }
  const { version: found, ...body } = document as Record<string, unknown>;
  if (found !== version) {
    const reason =
      typeof found === 'number' && found > version
        ? `it was written by a newer console (format ${found}; this one reads ${version})`
        : `its format version is ${JSON.stringify(found) ?? 'missing'}, expected ${version}`;
    return setAside(path, reason);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    return setAside(path, `its content is not valid (${where}${issue?.message ?? 'unknown problem'})`);
  }
  return { value: parsed.data, problem: null, movedTo: null };
}

/** Writes `{version, ...body}` as JSON through {@link writeFileAtomic}. */
export function writeJsonFileAtomic(path: string, version: number, body: object): void {
  writeFileAtomic(path, `${JSON.stringify({ version, ...body }, null, 2)}\n`);
}

/**
 * Replaces `path` with `content` so that a crash leaves either the old file or the new one, never
 * half of one: temp file in the same folder, write, fsync, rename, fsync the folder. Mode 0600.
 */
export function writeFileAtomic(path: string, content: string): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Already renamed or never created: nothing to tidy.
    }
    throw error;
  }
  fsyncFolder(folder);
}

/** Makes a new or renamed entry durable; Windows cannot open a folder for fsync, and NTFS journals it anyway. */
export function fsyncFolder(folder: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** {@link moveAside} for a state file, as {@link readJsonFile} reports it. */
function setAside(path: string, reason: string): JsonFileRead<never> {
  return { value: null, ...moveAside(path, reason) };
}
