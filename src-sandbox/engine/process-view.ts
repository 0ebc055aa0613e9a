import type { Process } from '../domain/api-types';
import type { EngineContext } from './context';
import { withRuleFields } from './step-view';

/**
 * The whole process as operations 2 and 3 return it. A handful of indexed lookups by process id,
 * each a prepared statement: no query per step, note or field.
 */
export function readProcess(ctx: EngineContext, processId: string): Process | undefined {
  const record = ctx.repos.processes.get(processId);
  if (!record) return undefined;
  const type = ctx.catalog.processType(record.processTypeId);
  return {
    processId: record.processId,
    processTypeId: record.processTypeId,
    processTypeName: type?.name ?? '',
    externalReference: record.externalReference,
    status: record.status,
    startedDate: record.startedDate,
    completedDate: record.completedDate,
    location: record.location,
    allocatedUser: record.allocatedUser,
    steps: withRuleFields(ctx, processId, ctx.repos.steps.list(processId)),
    notes: ctx.repos.notes.list(processId),
    documents: ctx.repos.documents.list(processId),
    accounts: ctx.repos.processes.accounts(processId),
    fields: ctx.repos.fields.list(processId),
  };
}

/** Finds a process id by external reference (case-insensitive, as references are typed by people). */
export function processIdByReference(ctx: EngineContext, externalReference: string): string | undefined {
  return ctx.repos.processes.getByReference(externalReference)?.processId;
}
