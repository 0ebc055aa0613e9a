import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateCaFile } from '../../../../../src-main/core/profiles/ca-file';
import { makeCertificate } from './certificate-fixture';

let dir: string;
let certificate: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-ca-'));
  certificate = makeCertificate(dir).certificate;
});

describe('validateCaFile', () => {
  it('accepts a PEM file, and a bundle with text around its certificates', () => {
    expect(() => validateCaFile(certificate)).not.toThrow();
    const pem = readFileSync(certificate, 'utf8');
    const bundle = join(dir, 'bundle.pem');
    writeFileSync(bundle, `# our roots\n${pem}\nsubject=...\n${pem}`);
    expect(() => validateCaFile(bundle)).not.toThrow();
  });

  it('answers one sentence, naming the typed path, for anything that is not a readable PEM file', () => {
    const large = join(dir, 'large.pem');
    writeFileSync(large, Buffer.alloc(1024 * 1024 + 1, 0x41));
    const damaged = join(dir, 'damaged.pem');
    writeFileSync(damaged, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    // The attack: probe system paths through the form, and learn which exist, are folders or are
    // readable. Every answer must be the same sentence, with only the typed path in it.
    const probes = [
      '/etc/shadow',
      '/root',
      '/etc/passwd',
      '/dev/zero',
      join(dir, 'missing.pem'),
      dir,
      large,
      damaged,
    ];
    probes.push(join(dir, 'ca.key'));
    for (const path of probes) {
      expect(() => validateCaFile(path), path).toThrow(
        `The CA file ${path} is not a readable PEM file; give the full path of a PEM file with the CA certificate.`,
      );
    }
    expect(() => validateCaFile(certificate)).not.toThrow();
  });

  it('asks for a full path when given a relative one', () => {
    expect(() => validateCaFile('ca.pem')).toThrow(/"ca\.pem" must be given as a full/);
  });

  // Root reads any file, so this case runs only as an ordinary user.
  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'says the same of an unreadable file',
    () => {
      const locked = join(dir, 'locked.pem');
      writeFileSync(locked, readFileSync(certificate));
      chmodSync(locked, 0o000);
      expect(() => validateCaFile(locked)).toThrow(`The CA file ${locked} is not a readable PEM file;`);
    },
  );
});
