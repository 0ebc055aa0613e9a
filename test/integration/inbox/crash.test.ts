import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryStore } from '../../../src-main/core/inbox/delivery-store';
import type { DeliverySummary } from '../../../src-shared/inbox';
import { samplePayload, send } from './helpers';

const childScript = fileURLToPath(new URL('./inbox-child.ts', import.meta.url));
const senders = 20;
const killAfterAcknowledged = 300;

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  child = undefined;
  dataDir = undefined;
});

/** Starts the receiver in its own process and resolves with its delivery URL. */
function startChild(folder: string): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', childScript, folder], {
    cwd: fileURLToPath(new URL('../../../', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = child;
  return new Promise<string>((resolve, reject) => {
    started.once('exit', (code, signal) => reject(new Error(`the inbox child exited (${code ?? signal})`)));
    createInterface({ input: started.stdout! }).once('line', (line) =>
      resolve((JSON.parse(line) as { url: string }).url),
    );
  });
}

function everyRecord(folder: string): DeliverySummary[] {
  const store = createDeliveryStore(folder);
  try {
    const all: DeliverySummary[] = [];
    for (
      let page = store.list({ limit: 1000 });
      page.length > 0;
      page = store.list({ limit: 1000, before: page.at(-1)!.id })
    ) {
      all.push(...page);
    }
    return all;
  } finally {
    store.close();
  }
}

describe('the inbox under kill -9', () => {
  it('loses no acknowledged delivery when its process is killed mid-load', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pc-inbox-crash-'));
    const url = await startChild(dataDir);
    const acknowledged = new Set<string>();
    let sent = 0;
    let failed = 0;
    let next = 0;
    const clients = Array.from({ length: senders }, () => new Client(new URL(url).origin));
    const killed = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
    await Promise.all(
      clients.map(async (client) => {
        for (;;) {
          const n = (next += 1);
          const payload = samplePayload(n);
          sent += 1;
          try {
            const answer = await send(url, { body: payload, dispatcher: client });
            if (answer.status >= 200 && answer.status < 300) acknowledged.add(payload.ExternalReference);
          } catch {
            failed += 1;
            return; // The receiver is gone.
          }
          if (acknowledged.size >= killAfterAcknowledged && child!.signalCode === null)
            child!.kill('SIGKILL');
        }
      }),
    );
    await killed;
    await Promise.all(clients.map((client) => client.destroy()));
    expect(child!.signalCode).toBe('SIGKILL');

    const recorded = new Set(everyRecord(dataDir).map((delivery) => delivery.externalReference));
    const lost = [...acknowledged].filter((reference) => !recorded.has(reference));
    console.log(
      `inbox kill -9: ${sent} sent, ${acknowledged.size} acknowledged, ${failed} cut off, ` +
        `${recorded.size} recorded after reopening, ${lost.length} acknowledged but lost`,
    );
    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfterAcknowledged);
    expect(failed).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(recorded.size).toBeGreaterThanOrEqual(acknowledged.size);
  });
});
