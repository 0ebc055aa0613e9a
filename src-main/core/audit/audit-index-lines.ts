import { createHash } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { transaction } from '../../../src-sandbox/storage/sqlite';
import { parseAuditLine } from './audit-lines';

/**
 * Indexing one chunk of `audit.jsonl`: every whole line in it (one that ends in a newline) becomes
 * a row or completes one, in the same transaction that moves the index's place in the file, so the
 * index never holds half a chunk. A torn or invalid line is skipped, as reading the file skips it.
 */

/** The checksum of a line as the index keeps it (to notice a file replaced under it). */
export function lineHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Prepared statements for {@link indexChunk}, made once per connection. */
export interface IndexStatements {
  insertIntent: StatementSync;
  earlyOutcome: StatementSync;
  applyOutcome: StatementSync;
  keepEarly: StatementSync;
  anyEarly: StatementSync;
  applyOutcomeAt: StatementSync;
  saveState: StatementSync;
}

/** Prepares the statements {@link indexChunk} runs. */
export function prepareIndexStatements(db: DatabaseSync): IndexStatements {
  return {
    insertIntent: db.prepare(`INSERT OR REPLACE INTO actions (offset, length, action_id, at_ms, profile_id,
      environment, action, process_id, external_reference, step_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    earlyOutcome: db.prepare('SELECT * FROM early_outcomes WHERE action_id = ?'),
    // Like reading the file, an outcome belongs to the latest intent of its action before it.
    applyOutcome: db.prepare(`UPDATE actions SET outcome = ?, outcome_process_id = ?, outcome_offset = ?,
      outcome_length = ? WHERE offset = (SELECT MAX(offset) FROM actions WHERE action_id = ? AND offset < ?)`),
    keepEarly: db.prepare('INSERT OR REPLACE INTO early_outcomes VALUES (?, ?, ?, ?, ?)'),
    anyEarly: db.prepare('SELECT EXISTS (SELECT 1 FROM early_outcomes) AS any'),
    applyOutcomeAt: db.prepare(`UPDATE actions SET outcome = ?, outcome_process_id = ?, outcome_offset = ?,
      outcome_length = ? WHERE offset = ?`),
    saveState: db.prepare(
      'UPDATE index_state SET file_bytes = ?, last_line_offset = ?, last_line_hash = ? WHERE id = 1',
    ),
  };
}

/**
 * Indexes the whole lines of `chunk`, which starts at byte `start` of the file, and returns the
 * number of bytes consumed (up to and including the last newline; 0 when there is none).
 */
export function indexChunk(
  db: DatabaseSync,
  statements: IndexStatements,
  chunk: Buffer,
  start: number,
): number {
  const end = chunk.lastIndexOf(0x0a) + 1;
  if (end === 0) return 0;
  transaction(db, () => {
    const chunkState: ChunkState = {
      intents: new Map(),
      early: (statements.anyEarly.get() as { any: number }).any === 1,
    };
    let lineStart = 0;
    let lastStart = 0;
    while (lineStart < end) {
      const newline = chunk.indexOf(0x0a, lineStart);
      const text = chunk.toString('utf8', lineStart, newline);
      indexLine(statements, chunkState, text, start + lineStart, newline - lineStart);
      lastStart = lineStart;
      lineStart = newline + 1;
    }
    statements.saveState.run(start + end, start + lastStart, lineHash(chunk.subarray(lastStart, end)));
  });
  return end;
}

/** What a chunk remembers while it is indexed, to spare a query per line. */
interface ChunkState {
  /** The offset of the latest intent of each action seen in this chunk. */
  intents: Map<string, number>;
  /** Whether any outcome is waiting for its intent (almost never). */
  early: boolean;
}

function indexLine(
  statements: IndexStatements,
  chunk: ChunkState,
  text: string,
  offset: number,
  length: number,
): void {
  const line = parseAuditLine(text);
  if (!line) return;
  if (line.kind === 'outcome') {
    const intentAt = chunk.intents.get(line.actionId);
    if (intentAt !== undefined) {
      statements.applyOutcomeAt.run(line.outcome, line.processId, offset, length, intentAt);
      return;
    }
    const applied = statements.applyOutcome.run(
      line.outcome,
      line.processId,
      offset,
      length,
      line.actionId,
      offset,
    );
    if (applied.changes === 0) {
      statements.keepEarly.run(line.actionId, offset, length, line.outcome, line.processId);
      chunk.early = true;
    }
    return;
  }
  const at = Date.parse(line.at);
  statements.insertIntent.run(
    offset,
    length,
    line.actionId,
    Number.isNaN(at) ? null : at,
    line.profileId,
    line.environment,
    line.action,
    line.processId,
    line.externalReference,
    line.stepName,
  );
  chunk.intents.set(line.actionId, offset);
  if (!chunk.early) return;
  const early = statements.earlyOutcome.get(line.actionId) as
    { offset: number; length: number; outcome: string; process_id: string | null } | undefined;
  if (early) {
    statements.applyOutcome.run(
      early.outcome,
      early.process_id,
      early.offset,
      early.length,
      line.actionId,
      Number.MAX_SAFE_INTEGER,
    );
  }
}
