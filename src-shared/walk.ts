import { z } from 'zod';
import { noteInputSchema } from './api';

/**
 * The walk through the back-office pattern (API.md) as a state machine: the walk's progress is
 * the stage it reached, carrying what the earlier stages learned. This schema is the one home of
 * its rules: the contract's `walk.save` input, main's store reading a row back and the renderer's
 * types all come from here.
 */

const id = z.string().trim().min(1).max(200);
const name = z.string().max(500);

/** The note the walk adds, as sent. */
const sentNote = z.strictObject({ contents: noteInputSchema.shape.contents, visibleToAccounts: z.boolean() });

/**
 * A note on its way: its intent id is the Idempotency-Key of every send. `unknown` from just before
 * the first send until an answer says otherwise (a restart mid-send is an unknown outcome too);
 * `failed` after a clear refusal, when edited words may go out under a new intent.
 */
const noteAttempt = z.strictObject({
  intentId: z.uuid(),
  sent: sentNote,
  outcome: z.enum(['unknown', 'failed']),
});

/** The note the service added. */
const addedNote = z.strictObject({
  intentId: z.uuid(),
  sent: sentNote,
  received: z.strictObject({ noteId: id, author: name, createdOn: z.string().max(100) }),
});

/** The process's current step, as `steps.current` answered. */
const currentStep = z.strictObject({ stepId: id, name, startedOn: z.string().max(100).nullable() });

/** Where completing the step took the process. */
const walkOutcome = z.strictObject({
  completedStep: name,
  processStatus: name,
  /** The step the branching rules chose; null when the process is complete. */
  nextStep: name.nullable(),
  /** The OUTCOME field's value after completion, when there is one. */
  outcomeField: z.string().max(10_000).nullable(),
});

// What each stage knows: its own facts and those of every stage before it.
const afterDocument = { documentId: id.nullable() };
const afterBackOffice = { ...afterDocument, backOfficeReference: z.string().trim().min(1).max(200) };
const afterNote = { ...afterBackOffice, note: addedNote };
const afterStep = { ...afterNote, currentStep };

/** Every stage of the walk, in order; `done` is the last. */
export const walkStage = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('readPayload') }),
  /** `documentId`: the document opened so far, if any. */
  z.strictObject({ kind: z.literal('openDocument'), ...afterDocument }),
  /** `backOfficeReference`: the one given before the user went back, to edit. */
  z.strictObject({
    kind: z.literal('updateBackOffice'),
    ...afterDocument,
    backOfficeReference: name.nullable(),
  }),
  z.strictObject({ kind: z.literal('addNote'), ...afterBackOffice, note: noteAttempt.nullable() }),
  z.strictObject({ kind: z.literal('readCurrentStep'), ...afterNote }),
  z.strictObject({ kind: z.literal('completeStep'), ...afterStep }),
  z.strictObject({ kind: z.literal('done'), ...afterStep, outcome: walkOutcome }),
]);

/** How far a delivery's walk got, with what it learned on the way. */
export type WalkStage = z.infer<typeof walkStage>;
/** The name of a stage. */
export type WalkStageKind = WalkStage['kind'];
/** The stage named `K`. */
export type WalkStageOf<K extends WalkStageKind> = Extract<WalkStage, { kind: K }>;
/** A note on its way to the service. */
export type NoteAttempt = z.infer<typeof noteAttempt>;
/** A note the service added. */
export type AddedNote = z.infer<typeof addedNote>;
/** The step the walk completes. */
export type WalkCurrentStep = z.infer<typeof currentStep>;
/** Where the walk ended. */
export type WalkOutcome = z.infer<typeof walkOutcome>;

/** The stages in the order the walk goes through them. */
export const walkStageKinds = [
  'readPayload',
  'openDocument',
  'updateBackOffice',
  'addNote',
  'readCurrentStep',
  'completeStep',
  'done',
] as const satisfies readonly WalkStageKind[];

/** 1 for the first stage, 7 for `done`: the number the walk shows and the database indexes. */
export function walkStageNumber(kind: WalkStageKind): number {
  return walkStageKinds.indexOf(kind) + 1;
}

/** The first stage of every walk. */
export const firstWalkStage: WalkStage = { kind: 'readPayload' };

/** What `walk.get` answers: the saved stage, or null (with the reason when it was unreadable). */
export interface SavedWalk {
  stage: WalkStage | null;
  /** Why saved progress was set aside, so the walk starts again; null when there was none. */
  unreadable: string | null;
}
