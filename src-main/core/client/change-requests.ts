import type { Operation } from '../../../src-shared/profile';

/**
 * The requests of the changes a batch makes, built in one place: the client sends exactly what
 * these return, and a batch's review shows what they return for one row, so the two cannot drift.
 */

/** A change's request before the HTTP layer adds auth: endpoint, ids, JSON body and extra headers. */
export interface ChangeRequest<Body> {
  operation: Extract<Operation, 'addNote' | 'completeStep'>;
  params: Record<string, string>;
  body: Body;
  headers: Record<string, string>;
}

/** The body of a note (API.md operation 6). */
export interface NoteBody {
  contents: string;
  visibleToAccounts: boolean;
}

/** The Idempotency-Key header: the service sees one key per intent, so a retry is not done twice. */
function idempotent(intentId: string): Record<string, string> {
  return { 'idempotency-key': intentId };
}

/** Adding `note` to a process under `intentId`. */
export function addNoteRequest(processId: string, intentId: string, note: NoteBody): ChangeRequest<NoteBody> {
  return {
    operation: 'addNote',
    params: { processId },
    body: { contents: note.contents, visibleToAccounts: note.visibleToAccounts },
    headers: idempotent(intentId),
  };
}

/** Completing step `stepId` of a process with `fields` (sent as given) under `intentId`. */
export function completeStepRequest<F>(
  processId: string,
  stepId: string,
  fields: readonly F[],
  intentId: string,
): ChangeRequest<{ fields: readonly F[] }> {
  return {
    operation: 'completeStep',
    params: { processId, stepId },
    body: { fields },
    headers: idempotent(intentId),
  };
}
