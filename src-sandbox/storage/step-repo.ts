import type { RestCall, Step, StepKind } from '../domain/api-types';
import type { Db } from './db';
import { prepareColumn } from './sqlite';

/** Where a REST API step's call stands: waiting to be made, or its last outcome. */
export type RestState = 'pending' | 'succeeded' | 'failed';

/** A step row: the API's Step plus what the engine needs. */
export interface StepRecord {
  stepId: string;
  processId: string;
  definitionIndex: number;
  kind: StepKind;
  name: string;
  startedOn: string;
  completedOn: string | null;
  restState: RestState | null;
}

interface StepRow extends StepRecord {
  restCall: string | null;
}

const columns = `step_id AS stepId, process_id AS processId, definition_index AS definitionIndex, kind, name,
  started_on AS startedOn, completed_on AS completedOn, rest_state AS restState, rest_call AS restCall`;

/** Step instances of processes. */
export type StepRepo = ReturnType<typeof createStepRepo>;

/** Prepares the statements for steps once per connection. */
export function createStepRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO steps (step_id, process_id, definition_index, kind, name, started_on,
    completed_on, rest_state) VALUES (@stepId, @processId, @definitionIndex, @kind, @name, @startedOn,
    @completedOn, @restState)`);
  const byId = db.prepare(`SELECT ${columns} FROM steps WHERE step_id = ?`);
  const ofProcess = db.prepare(`SELECT ${columns} FROM steps WHERE process_id = ? ORDER BY seq`);
  const current = db.prepare(
    `SELECT ${columns} FROM steps WHERE process_id = ? AND completed_on IS NULL ORDER BY seq DESC LIMIT 1`,
  );
  const complete = db.prepare('UPDATE steps SET completed_on = ? WHERE step_id = ? AND completed_on IS NULL');
  const record = db.prepare('UPDATE steps SET rest_state = ?, rest_call = ? WHERE step_id = ?');
  const waiting = prepareColumn<string>(
    db,
    `SELECT step_id FROM steps WHERE completed_on IS NULL AND rest_state IN
    (SELECT value FROM json_each(?)) ORDER BY seq`,
  );

  return {
    insert(step: StepRecord): void {
      insert.run({ ...step });
    },
    get(stepId: string): StepRecord | undefined {
      const row = byId.get(stepId) as StepRow | undefined;
      return row && toRecord(row);
    },
    /** The API view of one step. */
    view(stepId: string): Step | undefined {
      const row = byId.get(stepId) as StepRow | undefined;
      return row && toStep(row);
    },
    list(processId: string): Step[] {
      return (ofProcess.all(processId) as unknown as StepRow[]).map(toStep);
    },
    current(processId: string): Step | undefined {
      const row = current.get(processId) as StepRow | undefined;
      return row && toStep(row);
    },
    currentRecord(processId: string): StepRecord | undefined {
      const row = current.get(processId) as StepRow | undefined;
      return row && toRecord(row);
    },
    /** Marks the step complete; false when it already was. */
    complete(stepId: string, completedOn: string): boolean {
      return complete.run(completedOn, stepId).changes === 1;
    },
    recordRestCall(stepId: string, state: RestState, call: RestCall): void {
      record.run(state, JSON.stringify(call), stepId);
    },
    /** Ids of current REST API steps in the given states, oldest first. */
    waitingRestSteps(states: RestState[]): string[] {
      return waiting.all(JSON.stringify(states));
    },
  };
}

function toRecord(row: StepRow): StepRecord {
  const { restCall: _ignored, ...record } = row;
  return record;
}

function toStep(row: StepRow): Step {
  const step: Step = {
    stepId: row.stepId,
    kind: row.kind,
    name: row.name,
    startedOn: row.startedOn,
    completedOn: row.completedOn,
  };
  if (row.kind === 'RestApi')
    step.restCall = row.restCall === null ? null : (JSON.parse(row.restCall) as RestCall);
  return step;
}
