import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { transaction } from '../../src-sandbox/storage/sqlite';

/** The external reference of the long process. */
export const longReference = 'LONG-10000';

/**
 * Adds a process with `count` steps and `count` notes to a reference service's data folder. Made
 * with SQL rather than 20,000 API calls: it is test data for the console's long lists, written to
 * the service's real database (which it reads on every request).
 */
export function addLongProcess(sandboxDataDir: string, count = 10_000): string {
  const db = new DatabaseSync(join(sandboxDataDir, 'sandbox.db'));
  db.exec('PRAGMA busy_timeout = 5000');
  const processId = randomUUID();
  const processTypeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString().slice(0, 19);
  transaction(db, () => {
    db.prepare(
      `INSERT INTO processes (process_id, process_type_id, external_reference, status, started_date, completed_date, location, allocated_user, geo_tag)
       VALUES (?, ?, ?, 'InProgress', ?, NULL, 'Long Lane', 'Back office team', NULL)`,
    ).run(processId, processTypeId, longReference, at(0));
    const step = db.prepare(
      `INSERT INTO steps (step_id, process_id, definition_index, kind, name, started_on, completed_on, rest_state, rest_call)
       VALUES (?, ?, 1, 'Standard', ?, ?, ?, NULL, NULL)`,
    );
    const note = db.prepare(
      `INSERT INTO notes (note_id, process_id, contents, visible_to_accounts, author, created_on) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (let index = 1; index <= count; index++) {
      const last = index === count;
      step.run(
        randomUUID(),
        processId,
        last ? 'Back office assessment' : `Review round ${index}`,
        at(index),
        last ? null : at(index + 1),
      );
      note.run(
        randomUUID(),
        processId,
        `Note ${index}: checked round ${index}.`,
        index % 7 === 0 ? 1 : 0,
        'Back office',
        at(index),
      );
    }
  });
  db.close();
  return processId;
}
