import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, extname, join } from 'node:path';

/** A file name safe on every OS: no folders, no control or reserved characters, never empty. */
export function safeFileName(name: string, fallback = 'document'): string {
  // Control characters are exactly what must go.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f<>:"/\\|?*]/g;
  const cleaned = basename(name.replace(/\\/g, '/')).replace(unsafe, '_').replace(/^\.+/, '').trim();
  return cleaned.slice(0, 200) || fallback;
}

/**
 * Where the browser shell saves a file, having no native dialog: the user's Downloads folder
 * (else `<data>/exports`), with " (2)", " (3)"… added rather than overwriting a file.
 */
export function defaultSavePath(dataDir: string, suggestedName: string): string {
  const downloads = join(homedir(), 'Downloads');
  const folder = existsSync(downloads) ? downloads : join(dataDir, 'exports');
  mkdirSync(folder, { recursive: true });
  const name = safeFileName(suggestedName);
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  let candidate = join(folder, name);
  for (let n = 2; existsSync(candidate); n++) candidate = join(folder, `${stem} (${n})${extension}`);
  return candidate;
}
