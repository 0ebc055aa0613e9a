import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../../../../src-shared/contract';
import { Failure } from '../../../../../src-main/core/failure';
import { createDeliveryStore, type DeliveryStore } from '../../../../../src-main/core/inbox/delivery-store';
import { newDelivery } from '../../../../support/new-delivery';
import { allDeliveryIds, type DeliveryPage } from '../../../../../src-renderer/features/batches/delivery-ids';

const dir = mkdtempSync(join(tmpdir(), 'pc-delivery-ids-'));
let store: DeliveryStore;
const profileId = '6b1f3c2a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const recorded: string[] = [];

/** One delivery received for the profile, its inbox capped at `maxDeliveries`. */
function deliver(n: number, maxDeliveries = 10_000): string {
  const made = store.record(newDelivery(profileId, randomUUID(), `FT-${String(n).padStart(6, '0')}`), {
    maxDeliveries,
    maxBytes: 2 ** 30,
  });
  return made!.id;
}

beforeAll(() => {
  store = createDeliveryStore(dir);
  for (let n = 0; n < 2_100; n++) recorded.push(deliver(n));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** inbox.list as the bridge carries it: the contract's schema, then the store; a Failure as data. */
const page: DeliveryPage = async (before) => {
  const filter = calls['inbox.list'].input.parse({ profileId, limit: 1_000, before });
  try {
    return { ok: true, value: store.list(filter) };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, error: error.error };
    throw error;
  }
};

describe("the inbox's deliveries a batch takes", () => {
  it('are all of them, past the 1,000 one page holds', async () => {
    const first = (await page(undefined)) as { ok: true; value: ReturnType<DeliveryStore['list']> };
    expect(first.value).toHaveLength(1_000);
    const all = await allDeliveryIds(first.value, page);
    expect(all).toEqual({ ok: true, value: [...recorded].reverse() });
  });

  it('stop one past what a batch holds, and a page that fails is the answer', async () => {
    const first = store.list({ profileId, limit: 1_000 });
    expect(await allDeliveryIds(first, page, 1_500)).toMatchObject({ ok: true, value: { length: 1_500 } });
    const error = { code: 'network', message: 'The console could not reach its main process.' } as const;
    expect(await allDeliveryIds(first, async () => ({ ok: false, error }))).toEqual({ ok: false, error });
  });

  // Last: it drops a delivery from the inbox the other tests read.
  it('go on past a page whose last delivery the inbox dropped meanwhile', async () => {
    const first = store.list({ profileId, limit: 1_000 });
    const cursor = first.at(-1)!.id;
    // An inbox at its cap drops a handled delivery first to take a new one: here, the cursor.
    store.setStatus(cursor, 'handled');
    deliver(2_100, recorded.length);
    expect(await page(cursor)).toMatchObject({ ok: false, error: { code: 'not_found' } });

    const all = await allDeliveryIds(first, page);
    if (!all.ok) throw new Error(all.error.message);
    // Newest first: the first page as it was taken (the dropped one in it), then every older
    // delivery, each once; the one that arrived after the first page is not among them.
    const older = [...recorded].reverse().slice(1_000);
    expect(all.value).toEqual([...first.map((delivery) => delivery.id), ...older]);
  });
});
