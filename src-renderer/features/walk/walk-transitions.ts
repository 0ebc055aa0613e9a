import type { CompleteStepResponse } from '../../../src-shared/api';
import type { ErrorCode } from '../../../src-shared/result';
import type {
  AddedNote,
  NoteAttempt,
  WalkCurrentStep,
  WalkOutcome,
  WalkStage,
} from '../../../src-shared/walk';

/**
 * The walk's transitions: pure functions from a stage and what the user did (or the service
 * answered) to the next stage. One that does not apply to the stage returns it unchanged, the
 * same object, so callers can tell "nothing to do" by identity.
 */

/** Continues from a stage that only asks the user to read: the payload, then the document. */
export function next(stage: WalkStage, linkedDocuments: number): WalkStage {
  if (stage.kind === 'readPayload') return { kind: 'openDocument', documentId: null };
  // Where the payload links documents, one must have been opened first.
  if (stage.kind === 'openDocument' && (stage.documentId !== null || linkedDocuments === 0)) {
    return { kind: 'updateBackOffice', documentId: stage.documentId, backOfficeReference: null };
  }
  return stage;
}

/**
 * Goes back one stage, never across a change made on the service: not once a note may have gone
 * out (its intent would be lost), not once a completion may have, nor from `done`.
 */
export function back(stage: WalkStage): WalkStage {
  switch (stage.kind) {
    case 'openDocument':
      return { kind: 'readPayload' };
    case 'updateBackOffice':
      return { kind: 'openDocument', documentId: stage.documentId };
    case 'addNote':
      if (stage.note !== null) return stage;
      return {
        kind: 'updateBackOffice',
        documentId: stage.documentId,
        backOfficeReference: stage.backOfficeReference,
      };
    // Not from completeStep: a completion may have gone out (the dialog sends it), and reading the
    // current step again would then offer the next step for the same fields.
    default:
      return stage;
  }
}

/** True when {@link back} would move. */
export function canGoBack(stage: WalkStage): boolean {
  return back(stage) !== stage;
}

/** The user opened a linked document. */
export function documentOpened(stage: WalkStage, documentId: string): WalkStage {
  if (stage.kind !== 'openDocument' || stage.documentId === documentId) return stage;
  return { ...stage, documentId };
}

/** The user recorded the reference the back office gave this request. */
export function backOfficeUpdated(stage: WalkStage, reference: string): WalkStage {
  const backOfficeReference = reference.trim();
  if (stage.kind !== 'updateBackOffice' || !backOfficeReference) return stage;
  return { kind: 'addNote', documentId: stage.documentId, backOfficeReference, note: null };
}

/**
 * The intent id for sending `sent`: one per "add note" intent. A retry keeps it, so the service
 * adds the note once; so does any send after one whose outcome is unknown, even with edited
 * words (the first may have been added). Only edited words after a clear failure are a new note.
 */
export function noteIntentId(attempt: NoteAttempt | null, sent: NoteAttempt['sent'], fresh: string): string {
  if (!attempt) return fresh;
  // The contract trims a note's words, so surrounding spaces are no edit.
  const edited =
    attempt.sent.contents.trim() !== sent.contents.trim() ||
    attempt.sent.visibleToAccounts !== sent.visibleToAccounts;
  return edited && attempt.outcome === 'failed' ? fresh : attempt.intentId;
}

/** The note is about to be sent: its intent is kept first, its outcome unknown until answered. */
export function noteSending(stage: WalkStage, sent: NoteAttempt['sent'], fresh: string): WalkStage {
  if (stage.kind !== 'addNote') return stage;
  const intentId = noteIntentId(stage.note, sent, fresh);
  return { ...stage, note: { intentId, sent, outcome: 'unknown' } };
}

/** The send failed: clearly (the note was not added), or with an unknown outcome. */
export function noteFailed(stage: WalkStage, code: ErrorCode): WalkStage {
  if (stage.kind !== 'addNote' || !stage.note) return stage;
  return { ...stage, note: { ...stage.note, outcome: code === 'outcome_unknown' ? 'unknown' : 'failed' } };
}

/** The service added the note. */
export function noteAdded(stage: WalkStage, received: AddedNote['received']): WalkStage {
  if (stage.kind !== 'addNote' || !stage.note) return stage;
  const { intentId, sent } = stage.note;
  return { ...stage, kind: 'readCurrentStep', note: { intentId, sent, received } };
}

/** The service said which step is current. */
export function currentStepRead(stage: WalkStage, currentStep: WalkCurrentStep): WalkStage {
  if (stage.kind !== 'readCurrentStep') return stage;
  return { ...stage, kind: 'completeStep', currentStep };
}

/** The step was completed; the branching rules chose where the process goes. */
export function stepCompleted(stage: WalkStage, outcome: WalkOutcome): WalkStage {
  if (stage.kind !== 'completeStep') return stage;
  return { ...stage, kind: 'done', outcome };
}

/** What the walk keeps of the service's answer to completing the step. */
export function outcomeOf(response: CompleteStepResponse): WalkOutcome {
  return {
    completedStep: response.completedStep.name,
    processStatus: response.process.status,
    nextStep: response.currentStep?.name ?? null,
    outcomeField: response.process.fields.find((field) => field.code === 'OUTCOME')?.value ?? null,
  };
}
