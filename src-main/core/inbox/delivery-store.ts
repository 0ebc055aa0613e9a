import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type {
  Delivery,
  DeliveryFilter,
  DeliveryPayloadView,
  DeliveryStatus,
  DeliverySummary,
  SettableDeliveryStatus,
} from '../../../src-shared/inbox';
import { walkStageNumber, type SavedWalk, type WalkStage } from '../../../src-shared/walk';
import { savedWalkStage } from '../../../src-shared/walk-saved';
import type { InboxLimits } from '../../../src-shared/inbox';
import { Failure } from '../failure';
import { makeRoom, storedBytes } from './delivery-caps';
import { defaultInboxLimits } from './inbox-settings';
import { openInboxDb, transaction } from './inbox-db';
import { issueReason } from './issue-reason';
import { parseDeliveryPayload } from './payload';

/**
 * `<data>/inbox/inbox.db`: every delivery the receiver answered, and the walk progress per
 * delivery. Each write is one committed transaction before the method returns, so the receiver
 * can reply knowing the record is on disk.
 */

/** A delivery as the receiver records it, just before replying. */
export interface NewDelivery {
  profileId: string;
  method: string;
  path: string;
  /** Already redacted. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when there was none or it did not parse. */
  payload: unknown;
  rawExcerpt: string | null;
  replyStatus: number;
  /** undefined for a reply without a body (204). */
  replyBody: unknown;
  status: 'new' | 'rejected';
  reason: string | null;
  view: DeliveryPayloadView | null;
}

/** Deliveries and walk progress on disk. */
export interface DeliveryStore {
  /**
   * Records a delivery within the profile's caps, dropping the oldest handled, then rejected,
   * records to make room; null (nothing written) when only new or in-progress ones are left.
   */
  record(
    delivery: NewDelivery,
    limits?: Pick<InboxLimits, 'maxDeliveries' | 'maxBytes'>,
  ): DeliverySummary | null;
  /** Notes that the sender closed the request `afterMs` after it arrived, before the reply. */
  markSenderGaveUp(id: string, afterMs: number): DeliverySummary;
  /** Deletes every delivery of a profile and its walk progress (the profile was deleted). */
  forgetProfile(profileId: string): void;
  /** Newest first. */
  list(filter?: DeliveryFilter): DeliverySummary[];
  /** Throws `not_found` for an unknown id. */
  get(id: string): Delivery;
  setStatus(id: string, status: SettableDeliveryStatus): DeliverySummary;
  /** `progress` was parsed by the contract's schema (`walkStage`), the one home of its rules. */
  saveProgress(id: string, progress: WalkStage): WalkStage;
  /** A stored row that fails the schema is no progress, with the reason. */
  getProgress(id: string): SavedWalk;
  /** A sentence when inbox.db was damaged and moved aside at start; null otherwise. */
  readonly problem: string | null;
  close(): void;
}

interface DeliveryRow {
  seq?: number;
  id: string;
  received_at: string;
  profile_id: string;
  method: string;
  path: string;
  headers_json: string;
  payload_json: string | null;
  raw_excerpt: string | null;
  reply_status: number;
  reply_body_json: string | null;
  status: DeliveryStatus;
  reason: string | null;
  process_id: string | null;
  external_reference: string | null;
  document_count: number;
  field_count: number;
  stored_bytes?: number;
  sender_gave_up_ms?: number | null;
}

const statuses = ['new', 'in progress', 'handled', 'rejected'] as const;
// Checked at run time too: the bridge's input is only as good as its schema.
const settableStatuses: readonly string[] = ['new', 'in progress', 'handled'];
const filterSchema = z.strictObject({
  profileId: z.string().max(100).optional(),
  status: z.enum(statuses).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  before: z.string().max(100).optional(),
});
const summaryColumns = `id, received_at, profile_id, status, reason, process_id, external_reference,
  document_count, field_count, reply_status, sender_gave_up_ms`;

/** Opens the inbox database of `dataDir`; `now` stamps deliveries and progress. */
export function createDeliveryStore(dataDir: string, now: () => Date = () => new Date()): DeliveryStore {
  const { db, problem } = openInboxDb(dataDir);
  const insert = db.prepare(`INSERT INTO deliveries (id, received_at, profile_id, method, path, headers_json,
    payload_json, raw_excerpt, reply_status, reply_body_json, status, reason, process_id, external_reference,
    document_count, field_count, stored_bytes) VALUES (@id, @received_at, @profile_id, @method, @path,
    @headers_json, @payload_json, @raw_excerpt, @reply_status, @reply_body_json, @status, @reason, @process_id,
    @external_reference, @document_count, @field_count, @stored_bytes)`);
  const remove = db.prepare('DELETE FROM deliveries WHERE id = ?');
  const byId = db.prepare('SELECT * FROM deliveries WHERE id = ?');

  function row(id: string): DeliveryRow & { seq: number } {
    const found = byId.get(id) as (DeliveryRow & { seq: number }) | undefined;
    if (!found) throw new Failure('not_found', `No delivery has the id ${id}.`);
    return found;
  }

  return {
    problem,
    record(delivery, limits = defaultInboxLimits) {
      const stored: DeliveryRow = {
        id: randomUUID(),
        received_at: now().toISOString(),
        profile_id: delivery.profileId,
        method: delivery.method,
        path: delivery.path,
        headers_json: JSON.stringify(delivery.headers),
        payload_json: delivery.payload === undefined ? null : JSON.stringify(delivery.payload),
        raw_excerpt: delivery.rawExcerpt,
        reply_status: delivery.replyStatus,
        reply_body_json: delivery.replyBody === undefined ? null : JSON.stringify(delivery.replyBody),
        status: delivery.status,
        reason: delivery.reason,
        process_id: delivery.view?.processId ?? null,
        external_reference: delivery.view?.externalReference ?? null,
        document_count: delivery.view?.documents.length ?? 0,
        field_count: delivery.view?.fields.length ?? 0,
      };
      stored.stored_bytes = storedBytes([
        stored.headers_json,
        stored.payload_json,
        stored.raw_excerpt,
        stored.reply_body_json,
        stored.reason,
      ]);
      const recorded = transaction(db, () => {
        const room = makeRoom(
          db,
          stored.profile_id,
          stored.stored_bytes!,
          limits,
          stored.status === 'rejected',
        );
        if (room.kind === 'full') return false;
        // Walk progress of a dropped delivery goes with it (ON DELETE CASCADE).
        for (const id of room.drop) remove.run(id);
        insert.run({ ...stored });
        return true;
      });
      return recorded ? summaryOf(stored) : null;
    },
    markSenderGaveUp(id, afterMs) {
      const current = row(id);
      const ms = Math.max(0, Math.round(afterMs));
      db.prepare('UPDATE deliveries SET sender_gave_up_ms = ? WHERE id = ?').run(ms, id);
      return summaryOf({ ...current, sender_gave_up_ms: ms });
    },
    forgetProfile(profileId) {
      transaction(db, () => db.prepare('DELETE FROM deliveries WHERE profile_id = ?').run(profileId));
    },
    list(filter = {}) {
      const parsed = filterSchema.safeParse(filter);
      if (!parsed.success) {
        throw new Failure(
          'invalid_input',
          `The delivery filter is not valid: ${issueReason(parsed.error.issues, filter)}.`,
        );
      }
      const { profileId, status, limit = 200, before } = parsed.data;
      const where: string[] = [];
      const params: Array<string | number> = [];
      const add = (clause: string, value: string | number) => {
        where.push(clause);
        params.push(value);
      };
      if (profileId !== undefined) add('profile_id = ?', profileId);
      if (status !== undefined) add('status = ?', status);
      if (before !== undefined) add('seq < ?', row(before).seq);
      const sql = `SELECT ${summaryColumns} FROM deliveries ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY seq DESC LIMIT ?`;
      return (db.prepare(sql).all(...params, limit) as DeliveryRowSummary[]).map(summaryOf);
    },
    get: (id) => deliveryOf(row(id)),
    setStatus(id, status) {
      if (!settableStatuses.includes(status)) {
        throw new Failure('invalid_input', 'A delivery can be set to new, in progress or handled.');
      }
      const current = row(id);
      if (current.status === 'rejected') {
        throw new Failure('conflict', 'A rejected delivery stays rejected: it carried no usable payload.');
      }
      db.prepare('UPDATE deliveries SET status = ? WHERE id = ?').run(status, id);
      return summaryOf({ ...current, status });
    },
    saveProgress(id, progress) {
      // The stage column keeps the stage's number, as in the previous version's rows.
      row(id);
      db.prepare(
        `INSERT INTO progress (delivery_id, stage, data_json, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (delivery_id) DO UPDATE SET stage = excluded.stage, data_json = excluded.data_json,
         updated_at = excluded.updated_at`,
      ).run(id, walkStageNumber(progress.kind), JSON.stringify(progress), now().toISOString());
      return structuredClone(progress);
    },
    getProgress(id) {
      row(id);
      const found = db.prepare('SELECT stage, data_json FROM progress WHERE delivery_id = ?').get(id) as
        { stage: number; data_json: string } | undefined;
      return found ? savedWalkOf(found) : { stage: null, unreadable: null };
    },
    close: () => db.close(),
  };
}

function summaryOf(row: DeliveryRowSummary): DeliverySummary {
  return {
    id: row.id,
    receivedAt: row.received_at,
    profileId: row.profile_id,
    status: row.status,
    reason: row.reason,
    processId: row.process_id,
    externalReference: row.external_reference,
    documentCount: row.document_count,
    fieldCount: row.field_count,
    replyStatus: row.reply_status,
    senderGaveUpAfterMs: row.sender_gave_up_ms ?? null,
  };
}

type DeliveryRowSummary = Pick<
  DeliveryRow,
  | 'id'
  | 'received_at'
  | 'profile_id'
  | 'status'
  | 'reason'
  | 'process_id'
  | 'external_reference'
  | 'document_count'
  | 'field_count'
  | 'reply_status'
  | 'sender_gave_up_ms'
>;

function deliveryOf(row: DeliveryRow): Delivery {
  const payload: unknown = row.payload_json === null ? null : JSON.parse(row.payload_json);
  let view: DeliveryPayloadView | null = null;
  if (row.status !== 'rejected' && payload !== null) {
    try {
      view = parseDeliveryPayload(payload);
    } catch {
      // Recorded by an older, more lenient version: show the payload without the view.
    }
  }
  return {
    ...summaryOf(row),
    method: row.method,
    path: row.path,
    headers: JSON.parse(row.headers_json) as Record<string, string>,
    payload,
    rawExcerpt: row.raw_excerpt,
    view,
    replyBody: row.reply_body_json === null ? null : (JSON.parse(row.reply_body_json) as unknown),
  };
}

/** A progress row read back through the walk's schema; one that fails it is no progress, with why. */
function savedWalkOf(found: { stage: number; data_json: string }): SavedWalk {
  let saved: { stage: number; data: unknown };
  try {
    saved = { stage: found.stage, data: JSON.parse(found.data_json) as unknown };
  } catch {
    return {
      stage: null,
      unreadable: 'The saved walk could not be read (its data is not JSON); it starts again.',
    };
  }
  const parsed = savedWalkStage.safeParse(saved);
  if (parsed.success) return { stage: parsed.data, unreadable: null };
  const reason = issueReason(parsed.error.issues, saved);
  return { stage: null, unreadable: `The saved walk could not be read: ${reason}. It starts again.` };
}
