import type { StatementSync } from 'node:sqlite';
import type { InboxLimits } from '../../../src-shared/inbox';
import type { InboxDb } from './inbox-db';

/** What the caps of one profile allow a new record, and which old ones must go for it. */
export type Room = { kind: 'fits'; drop: string[] } | { kind: 'full' };

/** The bytes a record takes on disk, near enough to cap on: its text columns and a row's overhead. */
export function storedBytes(columns: Array<string | null>): number {
  return columns.reduce((sum, text) => sum + (text === null ? 0 : Buffer.byteLength(text)), 200);
}

/**
 * Finds the records to drop so a record of `size` bytes fits the profile's caps: the oldest
 * handled first, then the oldest rejected. New and in-progress deliveries are work a person has
 * not done yet; they are never dropped, so when only they are left the inbox is full.
 * A rejected record (a forged or broken request) has a share of its own, a tenth of the caps,
 * and may push out only older rejected ones: requests without the shared secret must never
 * wipe the handled history. Runs inside the caller's transaction, with the insert that follows.
 */
export function makeRoom(
  db: InboxDb,
  profileId: string,
  size: number,
  limits: Pick<InboxLimits, 'maxDeliveries' | 'maxBytes'>,
  rejected = false,
): Room {
  const { totalsOf, rejectedTotalsOf, oldest } = statementsOf(db);
  const all = totalsOf.get(profileId) as { count: number; bytes: number };
  const own = rejectedTotalsOf.get(profileId) as { count: number; bytes: number };
  let count = all.count + 1;
  let bytes = all.bytes + size;
  let rejectedCount = own.count + 1;
  let rejectedBytes = own.bytes + size;
  const share = rejectedShare(limits);
  const fits = () =>
    count <= limits.maxDeliveries &&
    bytes <= limits.maxBytes &&
    (!rejected || (rejectedCount <= share.maxDeliveries && rejectedBytes <= share.maxBytes));
  const drop: string[] = [];
  for (const status of rejected ? (['rejected'] as const) : (['handled', 'rejected'] as const)) {
    if (fits()) break;
    for (const row of oldest.iterate(profileId, status) as Iterable<{ id: string; stored_bytes: number }>) {
      drop.push(row.id);
      count -= 1;
      bytes -= row.stored_bytes;
      if (status === 'rejected') {
        rejectedCount -= 1;
        rejectedBytes -= row.stored_bytes;
      }
      if (fits()) break;
    }
  }
  return fits() ? { kind: 'fits', drop } : { kind: 'full' };
}

/** The part of a profile's caps rejected records may take. */
export function rejectedShare(limits: Pick<InboxLimits, 'maxDeliveries' | 'maxBytes'>) {
  return {
    maxDeliveries: Math.max(1, Math.floor(limits.maxDeliveries / 10)),
    maxBytes: Math.max(64 * 1024, Math.floor(limits.maxBytes / 10)),
  };
}

// Prepared once per connection: this runs before every insert.
const prepared = new WeakMap<
  InboxDb,
  { totalsOf: StatementSync; rejectedTotalsOf: StatementSync; oldest: StatementSync }
>();

function statementsOf(db: InboxDb) {
  let found = prepared.get(db);
  if (!found) {
    found = {
      totalsOf: db.prepare(
        'SELECT COUNT(*) AS count, COALESCE(SUM(stored_bytes), 0) AS bytes FROM deliveries WHERE profile_id = ?',
      ),
      rejectedTotalsOf: db.prepare(
        "SELECT COUNT(*) AS count, COALESCE(SUM(stored_bytes), 0) AS bytes FROM deliveries WHERE profile_id = ? AND status = 'rejected'",
      ),
      oldest: db.prepare(
        'SELECT id, stored_bytes FROM deliveries WHERE profile_id = ? AND status = ? ORDER BY seq',
      ),
    };
    prepared.set(db, found);
  }
  return found;
}
