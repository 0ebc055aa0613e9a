import { randomUUID } from 'node:crypto';
import type { BatchLine } from '../../../src-shared/batch-lines';
import type {
  BatchCounts,
  BatchJob,
  BatchRow,
  BatchSettings,
  BatchSummary,
  NeededValue,
  RowActionState,
  RowReadState,
} from '../../../src-shared/batches';
import { Failure } from '../failure';
import { summarise, type BatchActionInput } from './batch-action';
import { openBatchDb, prepared, transaction, type BatchDb } from './batch-db';
import { storableAction } from './confidential-action';
import { rowChanges } from './batch-row-changes';
import type { RunTarget } from './run-target';

/**
 * A job as stored: its kind and state, the action of a run (to resume it; confidential values
 * masked, see confidential-action.ts), its row count.
 */
export interface StoredJob {
  kind: 'read' | 'run';
  status: 'running' | 'paused' | 'cancelled' | 'finished';
  reason: string | null;
  action: BatchActionInput | null;
  total: number;
  /** A paused run's confidential fields whose values memory lacks (never their values). */
  needsValues?: NeededValue[];
  /** What a run was confirmed on (run-target.ts); null for a read, and for a run stored before it was kept. */
  confirmedOn?: RunTarget | null;
}

/** What a read found for a row. */
export type ReadResult = Pick<
  BatchRow,
  | 'processId'
  | 'externalReference'
  | 'processTypeId'
  | 'processTypeName'
  | 'status'
  | 'currentStep'
  | 'allocatedUser'
  | 'restFailed'
>;

/** The batches' durable state: batches, their rows, the run journal and each profile's pace. */
export type BatchStore = ReturnType<typeof createBatchStore>;

type Row = Record<string, string | number | null>;

const readStates: RowReadState[] = ['unread', 'queued', 'read', 'failed'];
const actionStates: RowActionState[] = [
  'none',
  'queued',
  'sending',
  'done',
  'skipped',
  'failed',
  'outcome unknown',
  'cancelled',
];
export const defaultPace = { concurrency: 8, ratePerSecond: 20 };

/** Opens the store on `<dataDir>/batches/batches.db`. */
export function createBatchStore(dataDir: string, now: () => Date = () => new Date()) {
  const db: BatchDb = openBatchDb(dataDir);
  const stamp = () => now().toISOString();
  const touch = prepared(db, 'UPDATE batches SET updated_at = ? WHERE batch_id = ?');

  function header(batchId: string): Row {
    const found = prepared(db, 'SELECT * FROM batches WHERE batch_id = ?').get(batchId) as Row | undefined;
    if (!found) throw new Failure('not_found', `There is no batch ${batchId}; it may have been deleted.`);
    return found;
  }

  function counts(batchId: string): BatchCounts {
    const result: BatchCounts = {
      rows: 0,
      read: Object.fromEntries(readStates.map((s) => [s, 0])) as BatchCounts['read'],
      action: Object.fromEntries(actionStates.map((s) => [s, 0])) as BatchCounts['action'],
      restFailed: 0,
      steps: [],
    };
    const groups = prepared(
      db,
      `SELECT read_state, action_state, count(*) AS n, sum(rest_failed) AS rest FROM rows
         WHERE batch_id = ? GROUP BY read_state, action_state`,
    ).all(batchId) as Row[];
    for (const group of groups) {
      const n = Number(group.n);
      result.rows += n;
      result.read[group.read_state as RowReadState] += n;
      result.action[group.action_state as RowActionState] += n;
      result.restFailed += Number(group.rest ?? 0);
    }
    result.steps = (
      prepared(
        db,
        `SELECT step_name AS name, step_kind AS kind, count(*) AS count FROM rows
           WHERE batch_id = ? AND read_state = 'read' AND step_name IS NOT NULL
           GROUP BY step_name, step_kind ORDER BY count DESC, step_name`,
      ).all(batchId) as { name: string; kind: string; count: number }[]
    ).map((step) => ({ ...step }));
    return result;
  }

  function summaryOf(row: Row): BatchSummary {
    const job: BatchJob =
      row.job_kind === null
        ? { kind: 'idle' }
        : {
            kind: row.job_kind as 'read' | 'run',
            status: row.job_status as 'running' | 'paused' | 'cancelled' | 'finished',
            reason: (row.job_reason as string | null) ?? null,
            action: row.job_action_json
              ? summarise(JSON.parse(String(row.job_action_json)) as BatchActionInput)
              : null,
            needsValues: needsOf(row),
          };
    return {
      batchId: String(row.batch_id),
      profileId: String(row.profile_id),
      name: String(row.name),
      createdAt: String(row.created_at),
      updatedAt: String(row.updated_at),
      counts: counts(String(row.batch_id)),
      job,
    };
  }

  return {
    db,
    create(profileId: string, name: string, lines: BatchLine[]): BatchSummary {
      const batchId = randomUUID();
      const at = stamp();
      transaction(db, () => {
        prepared(
          db,
          'INSERT INTO batches (batch_id, profile_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        ).run(batchId, profileId, name, at, at);
        const insert = prepared(
          db,
          'INSERT INTO rows (batch_id, row_no, input, input_kind) VALUES (?, ?, ?, ?)',
        );
        lines.forEach((line, index) => insert.run(batchId, index + 1, line.input, line.inputKind));
      });
      return summaryOf(header(batchId));
    },
    summary: (batchId: string) => summaryOf(header(batchId)),
    list(profileId?: string): BatchSummary[] {
      const rows = (
        profileId === undefined
          ? prepared(db, 'SELECT * FROM batches ORDER BY created_at DESC').all()
          : prepared(db, 'SELECT * FROM batches WHERE profile_id = ? ORDER BY created_at DESC').all(profileId)
      ) as Row[];
      return rows.map(summaryOf);
    },
    rename(batchId: string, name: string): BatchSummary {
      header(batchId);
      prepared(db, 'UPDATE batches SET name = ?, updated_at = ? WHERE batch_id = ?').run(
        name,
        stamp(),
        batchId,
      );
      return summaryOf(header(batchId));
    },
    delete(batchId: string): void {
      header(batchId);
      prepared(db, 'DELETE FROM batches WHERE batch_id = ?').run(batchId);
    },
    setJob(batchId: string, job: StoredJob): void {
      prepared(
        db,
        `UPDATE batches SET job_kind = ?, job_status = ?, job_reason = ?, job_action_json = ?, job_total = ?,
         job_needs_json = ?, job_target_json = ?, updated_at = ? WHERE batch_id = ?`,
      ).run(
        job.kind,
        job.status,
        job.reason,
        job.action ? JSON.stringify(storableAction(job.action)) : null,
        job.total,
        job.needsValues?.length ? JSON.stringify(job.needsValues) : null,
        job.confirmedOn ? JSON.stringify(job.confirmedOn) : null,
        stamp(),
        batchId,
      );
    },
    /** The stored job, with the action of a run (confidential values masked); null when the batch never ran one. */
    job(batchId: string): StoredJob | null {
      const row = header(batchId);
      if (row.job_kind === null) return null;
      return {
        kind: row.job_kind as StoredJob['kind'],
        status: row.job_status as StoredJob['status'],
        reason: (row.job_reason as string | null) ?? null,
        action: row.job_action_json ? (JSON.parse(String(row.job_action_json)) as BatchActionInput) : null,
        total: Number(row.job_total),
        needsValues: needsOf(row),
        confirmedOn: row.job_target_json ? (JSON.parse(String(row.job_target_json)) as RunTarget) : null,
      };
    },
    /** Every row of a batch, in row order (at most 10,000). */
    rows(batchId: string): BatchRow[] {
      header(batchId);
      return (
        prepared(db, 'SELECT * FROM rows WHERE batch_id = ? ORDER BY row_no').all(batchId) as Row[]
      ).map(toRow);
    },
    /**
     * The rows a job still has to do, in row order: queued reads, or queued and sending actions.
     * Selected by the database, not filtered from every row: a job's start read all 10,000.
     */
    pendingRows(batchId: string, kind: 'read' | 'run'): BatchRow[] {
      header(batchId);
      const sql =
        kind === 'read'
          ? "SELECT * FROM rows WHERE batch_id = ? AND read_state = 'queued' ORDER BY row_no"
          : "SELECT * FROM rows WHERE batch_id = ? AND action_state IN ('queued', 'sending') ORDER BY row_no";
      return (prepared(db, sql).all(batchId) as Row[]).map(toRow);
    },
    row(batchId: string, rowNo: number): BatchRow {
      const found = prepared(db, 'SELECT * FROM rows WHERE batch_id = ? AND row_no = ?').get(
        batchId,
        rowNo,
      ) as Row | undefined;
      if (!found) throw new Failure('not_found', `Batch ${batchId} has no row ${rowNo}.`);
      return toRow(found);
    },
    /** Batches whose job was running when the console stopped. */
    interrupted(): string[] {
      return (prepared(db, "SELECT batch_id FROM batches WHERE job_status = 'running'").all() as Row[]).map(
        (r) => String(r.batch_id),
      );
    },
    /** Batches whose run is paused (its confidential values may be gone after a restart). */
    pausedRuns(): string[] {
      return (
        prepared(
          db,
          "SELECT batch_id FROM batches WHERE job_kind = 'run' AND job_status = 'paused'",
        ).all() as Row[]
      ).map((r) => String(r.batch_id));
    },
    ...rowChanges(db, stamp, touch),
    pace(profileId: string): BatchSettings {
      const found = prepared(db, 'SELECT * FROM pace WHERE profile_id = ?').get(profileId) as Row | undefined;
      return {
        profileId,
        concurrency: Number(found?.concurrency ?? defaultPace.concurrency),
        ratePerSecond: Number(found?.rate_per_second ?? defaultPace.ratePerSecond),
      };
    },
    setPace(settings: BatchSettings): void {
      prepared(
        db,
        `INSERT INTO pace (profile_id, concurrency, rate_per_second) VALUES (?, ?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET concurrency = excluded.concurrency, rate_per_second = excluded.rate_per_second`,
      ).run(settings.profileId, settings.concurrency, settings.ratePerSecond);
    },
    close: () => db.close(),
  };
}

function toRow(row: Row): BatchRow {
  const text = (value: string | number | null) => (value === null ? null : String(value));
  return {
    rowNo: Number(row.row_no),
    input: String(row.input),
    inputKind: row.input_kind as BatchRow['inputKind'],
    processId: text(row.process_id),
    externalReference: text(row.external_reference),
    processTypeId: text(row.process_type_id),
    processTypeName: text(row.process_type_name),
    status: text(row.status),
    currentStep:
      row.step_id === null
        ? null
        : {
            stepId: String(row.step_id),
            name: String(row.step_name),
            kind: String(row.step_kind),
            startedOn: text(row.step_started_on),
          },
    allocatedUser: text(row.allocated_user),
    restFailed: row.rest_failed === 1,
    read: row.read_state as RowReadState,
    readError: text(row.read_error),
    readAt: text(row.read_at),
    action: row.action_state as RowActionState,
    actionMessage: text(row.action_message),
  };
}

function needsOf(row: Row): NeededValue[] {
  return row.job_needs_json ? (JSON.parse(String(row.job_needs_json)) as NeededValue[]) : [];
}
