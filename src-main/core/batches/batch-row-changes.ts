import type { RowActionState, RowReadState } from '../../../src-shared/batches';
import { prepared, transaction, transactionWithoutWaitingForDisk, type BatchDb } from './batch-db';
import type { ReadResult } from './batch-store';

type Row = Record<string, string | number | null>;

/** Changes to row states: each one a committed transaction before the caller moves on. */
export function rowChanges(db: BatchDb, stamp: () => string, touch: ReturnType<BatchDb['prepare']>) {
  const changes = {
    /** Marks rows to read (all unread, or the chosen ones); returns how many. */
    queueRead(batchId: string, rowNos?: number[]): number {
      return transaction(db, () => {
        touch.run(stamp(), batchId);
        if (!rowNos) {
          return Number(
            prepared(
              db,
              "UPDATE rows SET read_state = 'queued' WHERE batch_id = ? AND read_state IN ('unread', 'queued')",
            ).run(batchId).changes,
          );
        }
        const mark = prepared(db, "UPDATE rows SET read_state = 'queued' WHERE batch_id = ? AND row_no = ?");
        return rowNos.reduce((n, rowNo) => n + Number(mark.run(batchId, rowNo).changes), 0);
      });
    },
    rowsIn(batchId: string, column: 'read_state' | 'action_state', states: string[]): number[] {
      const marks = states.map(() => '?').join(', ');
      return (
        prepared(
          db,
          `SELECT row_no FROM rows WHERE batch_id = ? AND ${column} IN (${marks}) ORDER BY row_no`,
        ).all(batchId, ...states) as Row[]
      ).map((r) => Number(r.row_no));
    },
    /**
     * Commits many reads in one transaction, without waiting for the disk: a read lost to a power
     * cut is simply read again (a kill -9 loses nothing committed).
     */
    saveReads(
      batchId: string,
      reads: { rowNo: number; found: ReadResult | null; error: string | null }[],
    ): void {
      transactionWithoutWaitingForDisk(db, () => {
        for (const read of reads) {
          if (read.found) changes.saveRead(batchId, read.rowNo, read.found);
          else changes.setReadState(batchId, read.rowNo, 'failed', read.error);
        }
      });
    },
    saveRead(batchId: string, rowNo: number, found: ReadResult): void {
      writeRead(db, batchId, rowNo, found, stamp());
    },
    setReadState(batchId: string, rowNo: number, state: RowReadState, error: string | null): void {
      prepared(
        db,
        'UPDATE rows SET read_state = ?, read_error = ?, read_at = ? WHERE batch_id = ? AND row_no = ?',
      ).run(state, error, stamp(), batchId, rowNo);
    },
    /**
     * Marks the rows a run sends to, and the chosen rows it skips with their reason; rows with a
     * change possibly in flight are never touched.
     */
    queueRun(batchId: string, rowNos: number[], skips: { rowNo: number; message: string }[] = []): void {
      transaction(db, () => {
        touch.run(stamp(), batchId);
        const mark = prepared(
          db,
          "UPDATE rows SET action_state = ?, action_message = ? WHERE batch_id = ? AND row_no = ? AND action_state != 'sending'",
        );
        rowNos.forEach((rowNo) => mark.run('queued', null, batchId, rowNo));
        skips.forEach((skip) => mark.run('skipped', skip.message, batchId, skip.rowNo));
      });
    },
    setAction(batchId: string, rowNo: number, state: RowActionState, message: string | null): void {
      prepared(
        db,
        'UPDATE rows SET action_state = ?, action_message = ? WHERE batch_id = ? AND row_no = ?',
      ).run(state, message, batchId, rowNo);
    },
    /** Moves every row in `from` to `to` (a cancel); returns how many. */
    moveActions(batchId: string, from: RowActionState, to: RowActionState, message: string | null): number {
      return Number(
        prepared(
          db,
          'UPDATE rows SET action_state = ?, action_message = ? WHERE batch_id = ? AND action_state = ?',
        ).run(to, message, batchId, from).changes,
      );
    },
    moveReads(batchId: string, from: RowReadState, to: RowReadState): number {
      return Number(
        prepared(db, 'UPDATE rows SET read_state = ? WHERE batch_id = ? AND read_state = ?').run(
          to,
          batchId,
          from,
        ).changes,
      );
    },
  };
  return changes;
}

/** Writes what a read found into a row, read at `at` (the one place a row's read columns are set). */
export function writeRead(db: BatchDb, batchId: string, rowNo: number, found: ReadResult, at: string): void {
  prepared(
    db,
    `UPDATE rows SET process_id = ?, external_reference = ?, process_type_id = ?, process_type_name = ?,
     status = ?, step_id = ?,
     step_name = ?, step_kind = ?, step_started_on = ?, allocated_user = ?, rest_failed = ?,
     read_state = 'read', read_error = NULL, read_at = ? WHERE batch_id = ? AND row_no = ?`,
  ).run(
    found.processId,
    found.externalReference,
    found.processTypeId,
    found.processTypeName,
    found.status,
    found.currentStep?.stepId ?? null,
    found.currentStep?.name ?? null,
    found.currentStep?.kind ?? null,
    found.currentStep?.startedOn ?? null,
    found.allocatedUser,
    found.restFailed ? 1 : 0,
    at,
    batchId,
    rowNo,
  );
}
