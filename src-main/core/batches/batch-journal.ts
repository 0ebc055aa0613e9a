import type { RowActionState } from '../../../src-shared/batches';
import type { BatchActionInput } from './batch-action';
import { prepared, transaction, type BatchDb } from './batch-db';
import { writeRead } from './batch-row-changes';
import type { ReadResult } from './batch-store';
import { storableAction } from './confidential-action';

/**
 * The run journal: one intent per row, committed (with the row's state `sending`) before the
 * change's first byte leaves, and its outcome committed after. After a crash a line without an
 * outcome is the one thing that may have been sent: it is read back, never blindly sent again.
 * Confidential field values are stored as the mask (confidential-action.ts).
 */

/** One row's intent. */
export interface JournalEntry {
  intentId: string;
  batchId: string;
  rowNo: number;
  action: BatchActionInput;
  processId: string;
  externalReference: string;
  stepId: string | null;
  stepName: string | null;
  /** For a note: the notes the process had before the first send, so a read-back can tell ours. */
  knownNotes: string[] | null;
}

/** The journal over the batches' database. */
export interface BatchJournal {
  open(entry: JournalEntry): void;
  /**
   * Commits a row's outcome. `seen`: the process as the service's answer to the change showed it,
   * written in the same transaction into the rows that read it (the table shows the step it moved
   * on to), read at the outcome's own time, so they still count as done since read until read again.
   */
  settle(
    entry: Pick<JournalEntry, 'intentId' | 'batchId' | 'rowNo'>,
    state: RowActionState,
    message: string,
    seen?: ReadResult,
  ): void;
  /**
   * Rows whose process a completion of this batch moved on after the row was last read (by this
   * row or by another naming the same process): what the table knows of them predates the change,
   * so a new run skips them until they are read again.
   */
  doneSinceRead(batchId: string): Set<number>;
  /** The row's intent that has no outcome, if any. */
  unsettled(batchId: string, rowNo: number): JournalEntry | undefined;
  /**
   * Every intent of a batch, oldest first (for tests, export and the resume check). A complete
   * action's confidential values read back as the mask: they are never stored.
   */
  all(batchId: string): (JournalEntry & {
    outcome: string | null;
    message: string | null;
    createdAt: string;
    settledAt: string | null;
  })[];
}

type Line = Record<string, string | number | null>;

/** Creates the journal. */
export function createBatchJournal(db: BatchDb, now: () => Date = () => new Date()): BatchJournal {
  const toEntry = (line: Line) => ({
    intentId: String(line.intent_id),
    batchId: String(line.batch_id),
    rowNo: Number(line.row_no),
    action: JSON.parse(String(line.action_json)) as BatchActionInput,
    processId: String(line.process_id),
    externalReference: String(line.external_reference),
    stepId: line.step_id === null ? null : String(line.step_id),
    stepName: line.step_name === null ? null : String(line.step_name),
    knownNotes:
      line.known_notes_json === null ? null : (JSON.parse(String(line.known_notes_json)) as string[]),
    outcome: line.outcome === null ? null : String(line.outcome),
    message: line.message === null ? null : String(line.message),
    createdAt: String(line.created_at),
    settledAt: line.settled_at === null ? null : String(line.settled_at),
  });
  return {
    open(entry) {
      transaction(db, () => {
        prepared(
          db,
          `INSERT INTO journal (intent_id, batch_id, row_no, action_json, process_id, external_reference,
           step_id, step_name, known_notes_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          entry.intentId,
          entry.batchId,
          entry.rowNo,
          JSON.stringify(storableAction(entry.action)),
          entry.processId,
          entry.externalReference,
          entry.stepId,
          entry.stepName,
          entry.knownNotes === null ? null : JSON.stringify(entry.knownNotes),
          now().toISOString(),
        );
        prepared(
          db,
          "UPDATE rows SET action_state = 'sending', action_message = NULL WHERE batch_id = ? AND row_no = ?",
        ).run(entry.batchId, entry.rowNo);
      });
    },
    settle(entry, state, message, seen) {
      const at = now().toISOString();
      transaction(db, () => {
        prepared(db, 'UPDATE journal SET outcome = ?, message = ?, settled_at = ? WHERE intent_id = ?').run(
          state,
          message,
          at,
          entry.intentId,
        );
        // Every read row naming this process (by its id and by its reference) shows where it went.
        const same = seen
          ? (prepared(
              db,
              "SELECT row_no FROM rows WHERE batch_id = ? AND process_id = ? AND read_state = 'read'",
            ).all(entry.batchId, seen.processId) as Line[])
          : [];
        for (const line of same) writeRead(db, entry.batchId, Number(line.row_no), seen!, at);
        prepared(
          db,
          'UPDATE rows SET action_state = ?, action_message = ? WHERE batch_id = ? AND row_no = ?',
        ).run(state, message, entry.batchId, entry.rowNo);
      });
    },
    doneSinceRead(batchId) {
      const lines = prepared(
        db,
        // Each process's last completion first, then the rows naming it: one pass over each table.
        `SELECT rows.row_no FROM rows JOIN (
           SELECT process_id, MAX(settled_at) AS settled_at FROM journal
           WHERE batch_id = ? AND outcome = 'done' AND step_id IS NOT NULL GROUP BY process_id
         ) AS done ON done.process_id = rows.process_id
         WHERE rows.batch_id = ? AND (rows.read_at IS NULL OR done.settled_at >= rows.read_at)`,
      ).all(batchId, batchId) as Line[];
      return new Set(lines.map((line) => Number(line.row_no)));
    },
    unsettled(batchId, rowNo) {
      const line = prepared(
        db,
        'SELECT * FROM journal WHERE batch_id = ? AND row_no = ? AND outcome IS NULL ORDER BY created_at DESC',
      ).get(batchId, rowNo) as Line | undefined;
      return line ? toEntry(line) : undefined;
    },
    all(batchId) {
      return (
        prepared(db, 'SELECT * FROM journal WHERE batch_id = ? ORDER BY created_at, row_no').all(
          batchId,
        ) as Line[]
      ).map(toEntry);
    },
  };
}
