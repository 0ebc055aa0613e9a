import { execFileSync, spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInterceptingProxy, type InterceptingProxy } from '../../support/intercepting-proxy';
import { makeTestCertificates, type TestCertificates } from '../../unit/src-main/core/client/certs';
import { startTestSandbox, type RunningSandbox } from './sandbox';

/**
 * A council's TLS-inspecting proxy, whose root certificate its IT team put in the machine's trust
 * store: the console works through it with no CA file, and once the root is gone it fails naming
 * the CA. Debian's store (update-ca-certificates) needs root, as in CI; elsewhere the test is
 * skipped with the reason.
 *
 * The lookups run in a child process started without NODE_EXTRA_CA_CERTS, SSL_CERT_FILE and
 * SSL_CERT_DIR: build machines set them to the system bundle, which would let the lookup pass
 * without the console reading the OS store (the desktop app's fuses ignore them anyway).
 */

const storeDir = '/usr/local/share/ca-certificates';
const rootFile = `${storeDir}/process-console-test-inspection-${process.pid}.crt`;
const skipReason =
  process.platform !== 'linux' || process.getuid?.() !== 0 || !existsSync(storeDir)
    ? 'adding a root to the trust store needs root on Debian (update-ca-certificates), as in CI'
    : null;
if (skipReason) console.warn(`Skipped the system trust store test: ${skipReason}.`);

const child = fileURLToPath(new URL('../../support/lookup-child.ts', import.meta.url));
let sandbox: RunningSandbox;
let certs: TestCertificates;
let proxy: InterceptingProxy;

beforeAll(async () => {
  if (skipReason) return;
  sandbox = await startTestSandbox('system-trust');
  certs = makeTestCertificates('/CN=Test Council Inspection CA/O=Test Council IT');
  proxy = await startInterceptingProxy(certs, sandbox.port);
});
afterAll(async () => {
  if (skipReason) return;
  await proxy?.close();
  await sandbox?.stop();
  rmSync(certs.dir, { recursive: true, force: true });
});

type Answer = { ok: true; reference: string } | { ok: false; code: string; message: string };

/** One lookup through the proxy by a fresh console process, with the bundle variables unset. */
function lookUp(): Promise<Answer> {
  const env = { ...process.env };
  for (const name of ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_USE_SYSTEM_CA'])
    delete env[name];
  const running = spawn(process.execPath, ['--import', 'tsx', child], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  running.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.stdin.end(
    JSON.stringify({
      baseUrl: `https://localhost:${sandbox.port}`,
      proxyUrl: proxy.url,
      keyName: sandbox.key.name,
      apiKey: sandbox.key.apiKey,
      apiSecret: sandbox.key.apiSecret,
    }),
  );
  return new Promise((resolve, reject) => {
    running.on('error', reject);
    running.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as Answer) : reject(new Error(`the lookup exited ${code}`)),
    );
  });
}

describe('a TLS-inspecting proxy whose root is in the trust store', () => {
  it.skipIf(skipReason !== null)(
    'is trusted with no CA file, and named when its root is removed',
    async () => {
      writeFileSync(rootFile, execFileSync('openssl', ['x509', '-in', certs.caFile]));
      try {
        execFileSync('update-ca-certificates', { stdio: 'ignore' });
        expect(await lookUp()).toEqual({ ok: true, reference: 'FT-000003' });
      } finally {
        rmSync(rootFile, { force: true });
        execFileSync('update-ca-certificates', { stdio: 'ignore' });
      }
      const refused = await lookUp();
      expect(refused).toMatchObject({ ok: false, code: 'tls' });
      expect(!refused.ok && refused.message).toMatch(
        /^The certificate of https:\/\/localhost:\d+ is not trusted \(\w+\): it was issued under "Test Council Inspection CA" \(Test Council IT\), a certificate authority this computer does not trust\. If your network inspects TLS .* install that authority's root certificate in the operating system's trust store/,
      );
      expect(proxy.count).toBe(3);
    },
    // update-ca-certificates runs its hooks (Java's keystore among them): 25 s each here.
    180_000,
  );
});
