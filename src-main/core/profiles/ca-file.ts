import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { Failure } from '../failure';

/**
 * A profile's custom certificate authority file, checked when the profile is saved so that a wrong
 * path or a key file shows up as a sentence in the form, not as a TLS error on the first lookup.
 */

/** Largest CA file accepted; a bundle of every public root is about 200 KiB. */
export const maxCaFileBytes = 1024 * 1024;

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** Throws an `invalid_input` Failure naming the file unless it holds at least one parseable PEM certificate. */
export function validateCaFile(path: string): void {
  if (!isAbsolute(path)) {
    throw new Failure('invalid_input', `The CA file "${path}" must be given as a full (absolute) path.`);
  }
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new Failure('invalid_input', `The CA file ${path} is not a file.`);
    size = stats.size;
  } catch (error) {
    if (error instanceof Failure) throw error;
    throw new Failure('invalid_input', `The CA file ${path} cannot be opened (${describe(error)}).`);
  }
  if (size > maxCaFileBytes) {
    throw new Failure(
      'invalid_input',
      `The CA file ${path} is larger than 1 MiB; give a PEM file of certificates.`,
    );
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Failure('invalid_input', `The CA file ${path} cannot be read (${describe(error)}).`);
  }
  const blocks = text.match(pemBlock) ?? [];
  if (blocks.length === 0) {
    throw new Failure(
      'invalid_input',
      `The CA file ${path} holds no PEM certificate (a "-----BEGIN CERTIFICATE-----" block).`,
    );
  }
  blocks.forEach((block, index) => {
    try {
      new X509Certificate(block);
    } catch {
      throw new Failure(
        'invalid_input',
        `Certificate ${index + 1} of ${blocks.length} in the CA file ${path} cannot be parsed.`,
      );
    }
  });
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? 'unknown error';
}
