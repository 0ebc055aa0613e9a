import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private CA and a server certificate it signed, for 127.0.0.1 and localhost. */
export interface TestCertificates {
  dir: string;
  /** Path of the CA certificate (PEM): what a profile's caFile points at. */
  caFile: string;
  key: string;
  cert: string;
}

/**
 * Makes the certificates at test time with the openssl CLI (EC P-256: fast to generate). `caSubject`
 * names the CA (a TLS-inspecting proxy's, say); the server's certificate names 127.0.0.1 and localhost.
 */
export function makeTestCertificates(caSubject = '/CN=Process Console Test CA'): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'pc-tls-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    caSubject,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...ec, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(at('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('server.pem'),
    '-days',
    '2',
    '-extfile',
    at('server.ext'),
  );
  return {
    dir,
    caFile: at('ca.pem'),
    key: readFileSync(at('server.key'), 'utf8'),
    cert: readFileSync(at('server.pem'), 'utf8'),
  };
}
