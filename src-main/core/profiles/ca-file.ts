import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { Failure } from '../failure';

/**
 * A profile's custom certificate authority file, checked when the profile is saved so that a wrong
 * path or a key file shows up as a sentence in the form, not as a TLS error on the first lookup.
 *
 * Every way a path can fail (missing, unreadable, a folder, a device, too large, not PEM, a damaged
 * certificate) gets the same sentence: the form is not a way to learn which files exist on this
 * machine or what they hold (`/etc/shadow` and `/root` must answer alike).
 */

/** Largest CA file accepted; a bundle of every public root is about 200 KiB. */
export const maxCaFileBytes = 1024 * 1024;

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** The one sentence for a path that is not a readable PEM file; it names only what the user typed. */
export function notReadablePem(path: string): string {
  return `The CA file ${path} is not a readable PEM file; give the full path of a PEM file with the CA certificate.`;
}

/** The PEM text of `path` when it is a regular file of parseable certificates, else null. */
export function readCaPem(path: string): string | null {
  try {
    const stats = statSync(path);
    // Only regular files are read: a FIFO or a device such as /dev/zero would block or never end.
    if (!stats.isFile() || stats.size > maxCaFileBytes) return null;
    const text = readFileSync(path, 'utf8');
    const blocks = text.match(pemBlock) ?? [];
    if (blocks.length === 0) return null;
    for (const block of blocks) new X509Certificate(block);
    return text;
  } catch {
    return null;
  }
}

/** Throws an `invalid_input` Failure naming the file unless it holds parseable PEM certificates. */
export function validateCaFile(path: string): void {
  if (!isAbsolute(path)) {
    throw new Failure('invalid_input', `The CA file "${path}" must be given as a full (absolute) path.`);
  }
  if (readCaPem(path) === null) throw new Failure('invalid_input', notReadablePem(path));
}
