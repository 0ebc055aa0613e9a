import { writeFile } from 'node:fs/promises';

/**
 * Windows' mark of the web: an NTFS alternate data stream `<file>:Zone.Identifier` saying the
 * file came from the Internet zone (3), so SmartScreen and Office's Protected View treat a saved
 * document as a download, as a browser's would be.
 */

/** The stream's content: the Internet zone, CRLF line ends as Windows writes them. */
export function zoneIdentifierContent(): string {
  return '[ZoneTransfer]\r\nZoneId=3\r\n';
}

/** Marks `path` as downloaded from the Internet; only on Windows, and only where NTFS allows it. */
export async function markFromInternet(path: string, platform = process.platform): Promise<boolean> {
  if (platform !== 'win32') return false;
  try {
    await writeFile(`${path}:Zone.Identifier`, zoneIdentifierContent());
    return true;
  } catch {
    // FAT32, exFAT and network shares have no alternate streams; the file itself is saved.
    return false;
  }
}
