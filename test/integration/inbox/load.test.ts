import { cpus } from 'node:os';
import { Client } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { samplePayload, send, startTestInbox, type TestInbox } from './helpers';

const senders = 20;
const perSender = 50;

let started: TestInbox | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

describe('the inbox under load', () => {
  it('records and lists 1,000 deliveries from 20 concurrent senders within 10 s, none lost', async () => {
    started = await startTestInbox();
    const t = started;
    // The default 50 a second guards against a flood; this measures throughput, so it is lifted.
    await t.inbox.configure('p1', { limits: { perSecond: 100_000 } });
    const url = new URL(t.inbox.deliveryUrl('p1')!);
    const clients = Array.from({ length: senders }, () => new Client(url.origin));
    const statuses: number[] = [];
    const begin = performance.now();
    try {
      await Promise.all(
        clients.map(async (client, sender) => {
          for (let k = 0; k < perSender; k += 1) {
            const n = sender * perSender + k + 1;
            const answer = await send(url.href, { body: samplePayload(n), dispatcher: client });
            statuses.push(answer.status);
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
    const seconds = (performance.now() - begin) / 1000;
    const listed = t.inbox.list({ limit: 1000 });
    console.log(
      `inbox load: ${senders * perSender} deliveries from ${senders} senders in ${seconds.toFixed(2)} s ` +
        `(${Math.round((senders * perSender) / seconds)}/s) on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1000);
    expect(listed).toHaveLength(1000);
    expect(new Set(listed.map((delivery) => delivery.externalReference)).size).toBe(1000);
    expect(listed.every((delivery) => delivery.status === 'new')).toBe(true);
    // The acceptance bound of the issue, not a benchmark: the figure above is the measurement.
    expect(seconds).toBeLessThan(10);
  });
});
