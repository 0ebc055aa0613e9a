import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, extname, join } from 'node:path';

// Control characters, the characters Windows forbids, DEL, and the bidirectional controls that
// make "gpj.exe" read as "exe.jpg" in a file manager.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const unsafeCharacters = /[\u0000-\u001f\u007f<>:"/\\|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Windows opens a device instead of a file for these, whatever the extension (CON.txt is CON).
const reservedStem = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³]|conin\$|conout\$)$/i;

/**
 * A file name safe on Windows, macOS and Linux: no folders, no control, reserved or invisible
 * direction characters, no device name, no leading dot (hidden) or trailing dot or space (which
 * Windows drops, changing the extension), never empty.
 */
export function safeFileName(name: string, fallback = 'document'): string {
  let cleaned = basename(name.replace(/\\/g, '/'))
    .replace(unsafeCharacters, '_')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 200)
    .replace(/[. ]+$/, '');
  if (reservedStem.test(cleaned.split('.', 1)[0]!.trimEnd())) cleaned = `_${cleaned}`;
  return cleaned || fallback;
}

/**
 * The name a saved document gets: the service's name made safe, with its extension replaced by
 * the one its content proves (`extension` starts with a dot). The service's own extension is never
 * kept, so a document named `invoice.exe` or `letter.hta` cannot be saved as something that runs.
 */
export function documentFileName(serviceName: string, extension: string): string {
  const safe = safeFileName(serviceName);
  const stem = safe.slice(0, safe.length - extname(safe).length).replace(/[. ]+$/, '');
  return safeFileName(`${stem || 'document'}${extension}`);
}

/**
 * Where the browser shell saves a file, having no native dialog: the user's Downloads folder
 * (else `<data>/exports`, private to the user), with " (2)", " (3)"… added rather than
 * overwriting a file.
 */
export function defaultSavePath(
  dataDir: string,
  suggestedName: string,
  downloads = join(homedir(), 'Downloads'),
): string {
  const folder = existsSync(downloads) ? downloads : privateFolder(join(dataDir, 'exports'));
  const name = safeFileName(suggestedName);
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  let candidate = join(folder, name);
  for (let n = 2; existsSync(candidate); n++) candidate = join(folder, `${stem} (${n})${extension}`);
  return candidate;
}

/** Creates the console's own folder readable by the user only; one made by an older version is tightened. */
function privateFolder(folder: string): string {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // Windows has no POSIX modes: the folder inherits the user profile's ACL.
  if (process.platform !== 'win32') chmodSync(folder, 0o700);
  return folder;
}
