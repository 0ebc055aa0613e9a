import type { z } from 'zod';
import type { BatchActionSummary, BatchRequestPreview, BatchRow } from '../../../src-shared/batches';
import type { batchActionInput } from '../../../src-shared/calls-batches';
import { confidentialCodes, confidentialSpots, maskedCopy } from '../../../src-shared/confidential-values';
import { confidentialMask } from '../../../src-shared/logs';
import type { Profile } from '../../../src-shared/profile';
import { addNoteRequest, completeStepRequest } from '../client/change-requests';
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

/**
 * The fields of a completion for one process: `{processId}` replaced by its id, as a whole field
 * id and wherever a value holds it ("Accepted for {processId}"), so no process is sent the
 * placeholder's own text.
 */
export function fieldsFor(action: Extract<BatchActionInput, { kind: 'complete' }>, processId: string) {
  return action.fields.map((field) => ({
    ...field,
    fieldId: field.fieldId === processIdPlaceholder ? processId : field.fieldId,
    value: field.value.replaceAll(processIdPlaceholder, processId),
  }));
}

/** What the review shows for the Idempotency-Key: each row's intent has its own. */
export const perRowKey = '(a new key for each row)';

/**
 * The request the action sends for `row`, from the builders the client sends with
 * (change-requests.ts), confidential values masked: what the review shows.
 */
export function previewRequest(
  profile: Profile,
  action: BatchActionInput,
  row: BatchRow,
): BatchRequestPreview {
  const processId = row.processId ?? '';
  const request =
    action.kind === 'note'
      ? addNoteRequest(processId, perRowKey, action)
      : completeStepRequest(
          processId,
          row.currentStep?.stepId ?? '',
          fieldsFor(action, processId),
          perRowKey,
        );
  const endpoint = resolveEndpoint(profile, request.operation, request.params);
  const codes = action.kind === 'complete' ? confidentialCodes(action.fields) : new Set<string>();
  return {
    method: endpoint.method,
    path: endpoint.path,
    headers: request.headers,
    body: maskedCopy(request.body, confidentialSpots(request.body, codes), confidentialMask),
    externalReference: row.externalReference,
  };
}
