import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { samplePayload, send, startTestInbox, type TestInbox } from './helpers';

/**
 * Attacks on the receiver over real HTTP: a flood of large invalid bodies, forged Host and foreign
 * Origin headers, requests that are not deliveries, and more deliveries than the caps allow.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function inbox(...args: Parameters<typeof startTestInbox>): Promise<TestInbox> {
  const started = await startTestInbox(...args);
  cleanups.push(() => started.stop());
  return started;
}

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

/** Exactly 1 MiB of valid JSON that is not a valid payload (ProcessId is no GUID). */
function invalidMiB(): string {
  const head = '{"ProcessId":"not-a-guid","ExternalReference":"FT-FLOOD","Pad":"';
  return `${head}${'x'.repeat(1024 * 1024 - head.length - 2)}"}`;
}

describe('the inbox under attack', () => {
  it('keeps only a 4 KiB excerpt of each of 100 concurrent 1 MiB invalid posts, or refuses them with 429', async () => {
    const t = await inbox();
    const url = t.inbox.deliveryUrl('p1')!;
    const folder = join(t.dataDir, 'inbox');
    const before = folderBytes(folder);
    const body = invalidMiB();
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        send(url, { raw: body, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json.error.message).toMatch(/more than \d+ deliveries a second/);
    }
    const records = t.inbox.list({ limit: 1000 });
    expect(records).toHaveLength(statuses.filter((status) => status === 400).length);
    for (const summary of records) {
      const delivery = t.inbox.get(summary.id);
      expect(delivery.payload).toBeNull();
      expect(delivery.rawExcerpt!.length).toBeLessThanOrEqual(4096);
      expect(delivery.reason).toMatch(/ProcessId must be a GUID/);
    }
    await t.inbox.close(); // Checkpoints the write-ahead log into the database file.
    const grown = folderBytes(folder) - before;
    console.log(
      `inbox flood: ${records.length} recorded, ${100 - records.length} refused, grew ${grown} bytes`,
    );
    expect(grown).toBeLessThan(1024 * 1024);
  });

  it('refuses a forged Host (421) and a page with an Origin (403), recording neither', async () => {
    const t = await inbox();
    const url = t.inbox.deliveryUrl('p1')!;
    const port = new URL(url).port;
    const forged = await send(url, { body: samplePayload(1), headers: { host: `attacker.example:${port}` } });
    expect(forged.status).toBe(421);
    expect(forged.json.error.message).toMatch(/127\.0\.0\.1/);
    const rebound = await send(url, { body: samplePayload(2), headers: { host: 'attacker.example' } });
    expect(rebound.status).toBe(421);
    const page = await send(url, { body: samplePayload(3), headers: { origin: 'http://attacker.example' } });
    expect(page.status).toBe(403);
    expect(page.json.error.message).toMatch(/browser/);
    const ownOrigin = await send(url, { body: samplePayload(4), headers: { origin: new URL(url).origin } });
    expect(ownOrigin.status).toBe(403);
    expect(t.inbox.list()).toEqual([]);
    const localhost = await send(url, { body: samplePayload(5), headers: { host: `localhost:${port}` } });
    expect(localhost.status).toBe(200);
    expect(t.inbox.list()).toHaveLength(1);
  });

  it('answers GET, OPTIONS, an unknown and a switched-off profile without recording them', async () => {
    const t = await inbox();
    await t.inbox.configure('off', { enabled: false });
    const url = t.inbox.deliveryUrl('p1')!;
    for (const method of ['GET', 'OPTIONS', 'DELETE']) {
      const answer = await send(url, { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('POST, PUT');
    }
    const unknown = await send(`${t.url}/inbox/nobody`, { body: samplePayload(1) });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toMatch(/No inbox is set up/);
    const off = await send(`${t.url}/inbox/off`, { body: samplePayload(1) });
    expect(off.status).toBe(404);
    expect(t.inbox.list()).toEqual([]);
  });

  it('answers more deliveries a second than the cap with 429 and Retry-After, counted but not recorded', async () => {
    const t = await inbox();
    await t.inbox.configure('p1', { limits: { perSecond: 1 } });
    const url = t.inbox.deliveryUrl('p1')!;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, n) => send(url, { body: samplePayload(n + 1) })),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json.error.code).toBe('rate_limited');
    }
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(accepted + refused.length).toBe(4);
    expect(t.inbox.list()).toHaveLength(accepted);
    expect((await t.inbox.settings('p1')).refused.rateLimited).toBe(refused.length);
  });
});
