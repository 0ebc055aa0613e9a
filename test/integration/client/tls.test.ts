import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Failure } from '../../../src-main/core/failure';
import { makeTestCertificates, type TestCertificates } from '../../unit/src-main/core/client/certs';
import { clientFor, startTestSandbox, type RunningSandbox } from './sandbox';

/**
 * The reference service behind TLS with a certificate made at test time by a private CA: the
 * client refuses it, then accepts it once the profile's CA file is set. TLS is terminated by a
 * small node:tls front that pipes to the service, as a load balancer would.
 */

let sandbox: RunningSandbox;
let certs: TestCertificates;
let front: Server;
let httpsUrl: string;

beforeAll(async () => {
  sandbox = await startTestSandbox('tls-check');
  certs = makeTestCertificates();
  front = createServer({ key: certs.key, cert: certs.cert }, (secure) => {
    const plain = connect(sandbox.port, '127.0.0.1');
    secure.pipe(plain).pipe(secure);
    secure.on('error', () => plain.destroy());
    plain.on('error', () => secure.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  httpsUrl = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => front.close(() => resolve()));
  await sandbox.stop();
  rmSync(certs.dir, { recursive: true, force: true });
});

describe('TLS to the reference service', () => {
  it('refuses a self-signed service, then accepts it once its CA file is set', async () => {
    const refused = clientFor(httpsUrl, sandbox.key);
    const trusted = clientFor(httpsUrl, sandbox.key, { caFile: certs.caFile });
    try {
      const error = await refused.client
        .getProcessByReference(refused.profileId, 'FT-000003')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Failure);
      expect((error as Failure).error.code).toBe('tls');
      expect((error as Failure).message).toContain('set its CA file (PEM) in profile "Sandbox"');
      const process = await trusted.client.getProcessByReference(trusted.profileId, 'FT-000003');
      expect(process.externalReference).toBe('FT-000003');
      expect((await trusted.client.testConnection(trusted.profileId)).authenticated).toBe(true);
    } finally {
      await Promise.all([refused.client.close(), trusted.client.close()]);
    }
  });
});
