import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../src-sandbox/server';

/** The words in a form's answer that make the back office fail its REST call. */
const failingAnswer = 'the back office will fail this one';

/**
 * A reference service with a back office behind its REST API step: a process whose form carries
 * `failingAnswer` stays at the failed REST step, the others move on to "Back office assessment".
 */
export async function startBackOfficeSandbox() {
  const backOffice: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const fails = text.includes(failingAnswer);
      res.writeHead(fails ? 500 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(fails ? { message: 'The back office failed.' } : { caseReference: 'BO-1' }));
    });
  });
  await new Promise<void>((resolve) => backOffice.listen(0, '127.0.0.1', resolve));
  const outboundUrl = `http://127.0.0.1:${(backOffice.address() as AddressInfo).port}/cases`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-e2e-batches-'));
  const sandbox = await startSandbox({ dataDir, port: 0, host: '127.0.0.1', quiet: true, outboundUrl });
  const key = sandbox.createApiKey('batches-e2e');
  return {
    url: sandbox.url.replace(/\/+$/, ''),
    key,
    async stop() {
      await sandbox.close();
      await new Promise((resolve) => backOffice.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts `count` processes through the service's fly-tipping form; every `failEvery`th one's REST call fails. */
export async function submitForms(url: string, count: number, failEvery: number): Promise<string[]> {
  const references: string[] = [];
  for (let start = 0; start < count; start += 8) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(8, count - start) }, async (_, offset) => {
        const n = start + offset;
        const response = await fetch(`${url}/forms/report-fly-tipping/submissions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            answers: {
              FirstName: `Batch ${n}`,
              RequestSpecifics: n % failEvery === 0 ? failingAnswer : 'A sofa',
            },
          }),
        });
        if (response.status !== 201) throw new Error(`form submission answered ${response.status}`);
        return ((await response.json()) as { externalReference: string }).externalReference;
      }),
    );
    references.push(...answers);
  }
  return references;
}
