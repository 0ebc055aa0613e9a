import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** Makes a throwaway self-signed certificate with the openssl CLI (Node can parse but not issue one). */
export function makeCertificate(folder: string): { certificate: string; key: string } {
  const certificatePath = join(folder, 'ca.pem');
  const keyPath = join(folder, 'ca.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certificatePath,
      '-days',
      '2',
      '-subj',
      '/CN=Process Console test CA',
    ],
    { stdio: 'ignore' },
  );
  return { certificate: certificatePath, key: keyPath };
}
