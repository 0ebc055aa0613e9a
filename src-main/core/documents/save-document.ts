import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Failure } from '../failure';
import { markFromInternet } from './zone-identifier';

/** Where a document was saved, and how many bytes were written. */
export interface SavedDocument {
  path: string;
  size: number;
}

/**
 * Writes a document's decoded bytes to the path the user chose in the shell's dialog. The write
 * is atomic: a temporary file in the same folder is written, flushed to disk and renamed over
 * the target, so a crash never leaves half a document under the chosen name. Missing folders are
 * not created: the dialog only offers folders that exist, so a missing one means a mistake. The
 * file is the user's alone (0600) and, on Windows, marked as downloaded from the Internet.
 */
export async function saveDocument(bytes: Uint8Array, targetPath: string): Promise<SavedDocument> {
  const folder = await checkTarget(targetPath);
  // The temporary name stays short enough for any file system's name limit.
  const temporary = join(
    folder,
    `.${basename(targetPath).slice(0, 100)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  let handle: FileHandle | undefined;
  try {
    // Readable by the user only: a process's documents hold people's personal data.
    handle = await open(temporary, 'wx', 0o600);
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temporary, targetPath);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw describeFileError(error, targetPath);
  }
  await syncFolder(folder);
  await markFromInternet(targetPath);
  return { path: targetPath, size: bytes.byteLength };
}

async function checkTarget(targetPath: string): Promise<string> {
  if (targetPath.trim() === '' || targetPath.includes('\0')) {
    throw invalid('Choose where to save the document.');
  }
  if (!isAbsolute(targetPath)) {
    throw invalid(`"${targetPath}" is not a full path; choose where to save the document in the dialog.`);
  }
  if (/[\\/]$/.test(targetPath)) throw invalid(`"${targetPath}" is a folder; choose a file name to save to.`);
  const folder = dirname(targetPath);
  const folderStats = await stat(folder).catch(() => undefined);
  if (!folderStats) throw invalid(`The folder "${folder}" does not exist; choose a folder that does.`);
  if (!folderStats.isDirectory()) throw invalid(`"${folder}" is not a folder; choose a folder to save into.`);
  const targetStats = await stat(targetPath).catch(() => undefined);
  if (targetStats?.isDirectory())
    throw invalid(`"${targetPath}" is a folder; choose a file name to save to.`);
  return folder;
}

// Flushing the folder makes the rename itself durable on POSIX; Windows cannot open a folder
// this way, and the file is already complete, so a failure here is not the user's concern.
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // Best effort only.
  }
}

function describeFileError(error: unknown, targetPath: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const folder = dirname(targetPath);
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return invalid(`The console may not write to "${targetPath}"; choose another place.`);
    case 'EROFS':
      return invalid(`"${folder}" is on a read-only disk; choose another place.`);
    case 'ENOSPC':
    case 'EDQUOT':
      return invalid(`There is not enough space in "${folder}" to save the document.`);
    case 'ENAMETOOLONG':
      return invalid(`The file name "${basename(targetPath)}" is too long; choose a shorter one.`);
    case 'EISDIR':
      return invalid(`"${targetPath}" is a folder; choose a file name to save to.`);
    case 'ENOENT':
    case 'ENOTDIR':
      return invalid(`The folder "${folder}" no longer exists; choose a folder that does.`);
    default:
      return error;
  }
}

function invalid(message: string): Failure {
  return new Failure('invalid_input', message);
}
