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

  it('names the file when it is missing, relative, a folder or too large', () => {
    expect(() => validateCaFile(join(dir, 'missing.pem'))).toThrow(
      /missing\.pem cannot be opened \(no such file\)/,
    );
    expect(() => validateCaFile('ca.pem')).toThrow(/"ca\.pem" must be given as a full/);
    expect(() => validateCaFile(dir)).toThrow(/is not a file/);
    const large = join(dir, 'large.pem');
    writeFileSync(large, Buffer.alloc(1024 * 1024 + 1, 0x41));
    expect(() => validateCaFile(large)).toThrow(/large\.pem is larger than 1 MiB/);
  });

  it('rejects a key file and a damaged certificate', () => {
    expect(() => validateCaFile(join(dir, 'ca.key'))).toThrow(/ca\.key holds no PEM certificate/);
    const damaged = join(dir, 'damaged.pem');
    writeFileSync(damaged, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    expect(() => validateCaFile(damaged)).toThrow(
      /Certificate 1 of 1 in the CA file .*damaged\.pem cannot be parsed/,
    );
  });

  // Root reads any file, so this case runs only as an ordinary user.
  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('rejects an unreadable file', () => {
    const locked = join(dir, 'locked.pem');
    writeFileSync(locked, readFileSync(certificate));
    chmodSync(locked, 0o000);
    expect(() => validateCaFile(locked)).toThrow(/cannot be read \(permission denied\)/);
  });
});
