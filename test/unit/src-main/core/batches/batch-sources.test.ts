import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RejectedLine } from '../../../../../src-shared/batches';
import { fromDeliveries } from '../../../../../src-main/core/batches/batch-sources';
import { createDeliveryStore } from '../../../../../src-main/core/inbox/delivery-store';
import { newDelivery } from '../../../../support/new-delivery';

const dir = mkdtempSync(join(tmpdir(), 'pc-batch-sources-'));
const store = createDeliveryStore(dir);
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const profileId = 'profile-a';

/** A delivery the inbox received for `processId`, as the receiver records it. */
const delivery = (processId: string, reference: string) => newDelivery(profileId, processId, reference);

describe("a batch from the inbox's deliveries", () => {
  it('takes each process once and counts the deliveries that repeat one', () => {
    const a = '3f2a9c1e-0b7d-4e5f-9a1b-2c3d4e5f6a7b';
    const b = '4e3b0d2f-1c8e-4f60-8b2c-3d4e5f6a7b8c';
    const ids = [
      delivery(a, 'FT-000001'),
      delivery(a.toUpperCase(), 'FT-000001'),
      delivery(b, 'FT-000002'),
      delivery(a, 'FT-000001'),
    ].map((made) => store.record(made)!.id);
    const rejected: RejectedLine[] = [];
    const taken = fromDeliveries(store, profileId, [...ids, ids[2]!], rejected);
    expect(taken.lines.map((line) => line.input)).toEqual([a, b]);
    // Five deliveries asked for, two processes: the other three are accounted for as repeats.
    expect(taken.duplicates).toBe(3);
    expect(rejected).toEqual([]);
  });
  it('holds the batch to 10,000 processes, however many deliveries name them', () => {
    // What the inbox answers for each delivery, without recording 20,000 of them one durable
    // transaction at a time (about 10 s): the rule under test is the count over those answers.
    const processes = Array.from({ length: 10_001 }, () => randomUUID());
    const named = (id: string) => ({ profileId, processId: processes[Number(id)]!, externalReference: null });
    const source = { get: named };
    // 15,000 deliveries naming 5,000 processes, three each: a batch of 5,000.
    const repeated = Array.from({ length: 15_000 }, (_, n) => String(n % 5_000));
    const taken = fromDeliveries(source, profileId, repeated, []);
    expect([taken.lines.length, taken.duplicates]).toEqual([5_000, 10_000]);
    // One process more than a batch holds: refused with the sentence a paste of them gets.
    const distinct = [...repeated, ...Array.from({ length: 5_001 }, (_, n) => String(5_000 + n))];
    expect(() => fromDeliveries(source, profileId, distinct, [])).toThrow(
      'A batch holds at most 10,000 lines and this one has 10,001; split it into smaller batches.',
    );
  });
});
