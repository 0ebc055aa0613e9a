import { randomUUID } from 'node:crypto';
import { ApiError, processNotFound } from '../domain/api-error';
import type { Account, Field, FieldInput, Note } from '../domain/api-types';
import { isoDate } from '../domain/clock';
import type { ProcessTypeDefinition } from '../seed/seed-schema';
import type { ProcessRecord } from '../storage/process-repo';
import { nextStepIndex } from './branching';
import type { ChangeScope } from './context';

/** What a new process is made from, already validated at the edge. */
export interface NewProcess {
  processTypeId: string;
  accounts: Account[];
  fields: Field[];
  notes: Array<{ contents: string; visibleToAccounts: boolean }>;
  externalReference?: string;
  author: string;
}

/** A field as stored: the optional parts of a request's field filled in. */
export function toField(input: FieldInput): Field {
  return {
    name: input.name ?? input.code,
    value: input.value,
    fieldId: input.fieldId,
    code: input.code,
    description: input.description ?? '',
    fieldType: input.fieldType ?? 'Text',
    confidential: input.confidential ?? false,
  };
}

/**
 * Creates a process with its accounts, fields and notes but enters no step yet, so a caller can
 * attach documents first (a form's XML must be there before the first step runs).
 */
export function createProcess(scope: ChangeScope, input: NewProcess): ProcessRecord {
  const type = requireType(scope, input.processTypeId);
  if (type.customerAccountMandatory && input.accounts.length === 0) {
    throw new ApiError(
      422,
      'account_required',
      `Process type "${type.name}" requires a customer account; add one to accounts.`,
      [{ path: 'accounts', issue: 'at least one account is required' }],
    );
  }
  const { repos } = scope;
  let externalReference = input.externalReference;
  if (externalReference !== undefined && repos.processes.isReferenceTaken(externalReference)) {
    throw new ApiError(
      409,
      'external_reference_taken',
      `Another process already has the external reference ${externalReference}; choose another or leave it out.`,
      [{ path: 'externalReference', issue: 'already used' }],
    );
  }
  externalReference ??= repos.processes.nextReference(type.processTypeId);
  const now = isoDate(scope.clock());
  const record: ProcessRecord = {
    processId: randomUUID(),
    processTypeId: type.processTypeId,
    externalReference,
    status: 'InProgress',
    startedDate: now,
    completedDate: null,
    location: null,
    allocatedUser: null,
    geoTag: null,
  };
  repos.processes.insert(record);
  repos.processes.addAccounts(record.processId, input.accounts);
  for (const field of input.fields) repos.fields.upsert(record.processId, field);
  for (const note of input.notes) addNoteTo(scope, record.processId, note, input.author);
  return refreshDerived(scope, record, type);
}

/** Makes the type's first step current. */
export function enterFirstStep(scope: ChangeScope, record: ProcessRecord): void {
  enterStep(scope, record, requireType(scope, record.processTypeId), 0);
}

/**
 * Completes the current step with the given fields and moves the process on. Throws 404 for an
 * unknown step and 409 for a step that is not current or already complete.
 */
export function completeStep(scope: ChangeScope, processId: string, stepId: string, fields: Field[]): void {
  const { repos } = scope;
  const record = repos.processes.get(processId);
  if (!record) throw processNotFound(processId);
  const step = repos.steps.get(stepId);
  if (!step || step.processId !== processId) {
    throw new ApiError(
      404,
      'step_not_found',
      `Process ${processId} has no step ${stepId}; read its steps first.`,
    );
  }
  if (step.completedOn !== null) {
    throw new ApiError(
      409,
      'step_already_complete',
      `Step "${step.name}" was completed on ${step.completedOn}.`,
    );
  }
  const current = repos.steps.currentRecord(processId);
  if (current?.stepId !== stepId) {
    throw new ApiError(
      409,
      'step_not_current',
      `Step "${step.name}" is not the current step; read the current step.`,
    );
  }
  for (const field of fields) repos.fields.upsert(processId, field);
  repos.steps.complete(stepId, isoDate(scope.clock()));
  const type = requireType(scope, record.processTypeId);
  const next = nextStepIndex(type, step.definitionIndex, (code) => repos.fields.value(processId, code));
  const updated = refreshDerived(scope, record, type);
  if (next === null) finishProcess(scope, updated);
  else enterStep(scope, updated, type, next);
}

/** Adds a note written by `author` (an API key's name, a staff user, the seed). */
export function addNote(
  scope: ChangeScope,
  processId: string,
  note: { contents: string; visibleToAccounts: boolean },
  author: string,
): Note {
  if (!scope.repos.processes.get(processId)) throw processNotFound(processId);
  return addNoteTo(scope, processId, note, author);
}

function addNoteTo(
  scope: ChangeScope,
  processId: string,
  note: { contents: string; visibleToAccounts: boolean },
  author: string,
): Note {
  const stored: Note = { noteId: randomUUID(), ...note, author, createdOn: isoDate(scope.clock()) };
  scope.repos.notes.insert(processId, stored);
  return stored;
}

function enterStep(
  scope: ChangeScope,
  record: ProcessRecord,
  type: ProcessTypeDefinition,
  index: number,
): void {
  const definition = type.steps[index]!;
  const stepId = randomUUID();
  scope.repos.steps.insert({
    stepId,
    processId: record.processId,
    definitionIndex: index,
    kind: definition.kind,
    name: definition.name,
    startedOn: isoDate(scope.clock()),
    completedOn: null,
    restState: definition.kind === 'RestApi' ? 'pending' : null,
  });
  scope.repos.processes.update({ ...record, allocatedUser: definition.allocatedUser ?? null });
  if (definition.kind === 'RestApi') scope.restStepsToRun.push(stepId);
}

function finishProcess(scope: ChangeScope, record: ProcessRecord): void {
  const now = isoDate(scope.clock());
  scope.repos.processes.update({ ...record, status: 'Completed', completedDate: now, allocatedUser: null });
}

/** Location and geo tag follow the fields the process type names for them. */
function refreshDerived(
  scope: ChangeScope,
  record: ProcessRecord,
  type: ProcessTypeDefinition,
): ProcessRecord {
  const valueOf = (code: string | undefined) =>
    code === undefined ? undefined : scope.repos.fields.value(record.processId, code);
  const updated: ProcessRecord = {
    ...record,
    location: valueOf(type.locationField) || record.location,
    geoTag: valueOf(type.geoTagField) || record.geoTag,
  };
  if (updated.location !== record.location || updated.geoTag !== record.geoTag)
    scope.repos.processes.update(updated);
  return updated;
}

/** The process type of a process or request; 422 when the id names none. */
export function requireType(scope: ChangeScope, processTypeId: string): ProcessTypeDefinition {
  const type = scope.catalog.processType(processTypeId);
  if (!type) {
    throw new ApiError(
      422,
      'unknown_process_type',
      `No process type has the id ${processTypeId}; use the last GUID of the process type's set-up address.`,
      [{ path: 'processTypeId', issue: 'unknown process type' }],
    );
  }
  return type;
}
