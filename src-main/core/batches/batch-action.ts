import type { z } from 'zod';
import type { BatchActionSummary, BatchRequestPreview, BatchRow } from '../../../src-shared/batches';
import type { batchActionInput } from '../../../src-shared/calls-batches';
import { maskFields } from '../../../src-shared/logs';
import type { Profile } from '../../../src-shared/profile';
import { resolveEndpoint } from '../client/endpoints';

/** A run's action as the contract validated it. */
export type BatchActionInput = z.output<typeof batchActionInput>;

/** The placeholder a field id may be, standing for each row's process id. */
export const processIdPlaceholder = '{processId}';

/** The action in a few words, for lists, the review and the progress bar. */
export function summarise(action: BatchActionInput): BatchActionSummary {
  return action.kind === 'note'
    ? { kind: 'note', title: 'Add a note' }
    : { kind: 'complete', title: `Complete "${action.stepName}"` };
}

/** The fields of a completion for one process: `{processId}` replaced by its id. */
export function fieldsFor(action: Extract<BatchActionInput, { kind: 'complete' }>, processId: string) {
  return action.fields.map((field) =>
    field.fieldId === processIdPlaceholder
      ? { ...field, fieldId: processId }
      : { ...field, fieldId: field.fieldId },
  );
}

/** The exact request the action sends for `row`, confidential values masked (the review shows it). */
export function previewRequest(
  profile: Profile,
  action: BatchActionInput,
  row: BatchRow,
): BatchRequestPreview {
  const processId = row.processId ?? '';
  if (action.kind === 'note') {
    const endpoint = resolveEndpoint(profile, 'addNote', { processId });
    return {
      method: endpoint.method,
      path: endpoint.path,
      body: { contents: action.contents, visibleToAccounts: action.visibleToAccounts },
      externalReference: row.externalReference,
    };
  }
  const endpoint = resolveEndpoint(profile, 'completeStep', {
    processId,
    stepId: row.currentStep?.stepId ?? '',
  });
  return {
    method: endpoint.method,
    path: new URL(endpoint.url).pathname,
    body: { fields: maskFields(fieldsFor(action, processId)) },
    externalReference: row.externalReference,
  };
}
