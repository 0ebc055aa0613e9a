import { z } from 'zod';
import { walkStage, walkStageKinds, type WalkStage } from './walk';

/**
 * Walk progress as main's store keeps it: a row of a stage number and JSON data. This version
 * writes the stage's number and the stage itself; the previous one wrote a number from 1 to 7 and
 * a loose bag of data, which {@link migrateLegacyWalk} turns into a stage.
 */

/** What the previous version saved in `data`: every key optional, whatever the stage. */
const legacyWalkData = z.object({
  documentOpened: z.string().optional(),
  backOfficeReference: z.string().optional(),
  noteIntent: z.string().optional(),
  noteSent: z.object({ contents: z.string(), visibleToAccounts: z.boolean() }).optional(),
  noteUnknown: z.boolean().optional(),
  noteReceived: z.object({ noteId: z.string(), author: z.string(), createdOn: z.string() }).optional(),
  currentStep: z
    .object({ stepId: z.string(), name: z.string(), startedOn: z.string().nullable() })
    .optional(),
  completeReceived: z.object({ completedStep: z.string(), currentStep: z.string().nullable() }).optional(),
  result: z
    .object({ status: z.string(), currentStep: z.string().nullable(), outcome: z.string().nullable() })
    .optional(),
});

/** A row the previous version saved. */
export const legacyWalkProgress = z.object({ stage: z.int().min(1).max(7), data: legacyWalkData });
/** The previous version's progress. */
export type LegacyWalkProgress = z.infer<typeof legacyWalkProgress>;

/**
 * The previous version's progress as a stage, unchecked (the caller parses it with `walkStage`, so
 * data missing for its stage is reported, not guessed). A note sent without a known answer keeps
 * its intent as `unknown`: the old version saved the same flags before a send and after a clear
 * failure, and reusing the intent cannot add a note twice where a new one could.
 */
export function migrateLegacyWalk({ stage, data }: LegacyWalkProgress): unknown {
  const kind = walkStageKinds[stage - 1];
  const documentId = data.documentOpened ?? null;
  const backOfficeReference = data.backOfficeReference;
  if (kind === 'readPayload') return { kind };
  if (kind === 'openDocument') return { kind, documentId };
  if (kind === 'updateBackOffice')
    return { kind, documentId, backOfficeReference: backOfficeReference ?? null };
  if (kind === 'addNote') {
    const note =
      data.noteIntent && data.noteSent
        ? { intentId: data.noteIntent, sent: data.noteSent, outcome: 'unknown' }
        : null;
    return { kind, documentId, backOfficeReference, note };
  }
  const note = { intentId: data.noteIntent, sent: data.noteSent, received: data.noteReceived };
  if (kind === 'readCurrentStep') return { kind, documentId, backOfficeReference, note };
  const currentStep = data.currentStep;
  if (kind === 'completeStep') return { kind, documentId, backOfficeReference, note, currentStep };
  const outcome = data.result && {
    completedStep: data.completeReceived?.completedStep ?? '',
    processStatus: data.result.status,
    nextStep: data.result.currentStep,
    outcomeField: data.result.outcome,
  };
  return { kind, documentId, backOfficeReference, note, currentStep, outcome };
}

const savedRow = z.strictObject({ stage: z.int(), data: z.record(z.string(), z.unknown()) });

/**
 * A row read back as a stage: this version's (its data has a `kind`) or the previous version's,
 * migrated. A row that fails either reports why, with the path of the offending key.
 */
export const savedWalkStage = savedRow.transform((row, context): WalkStage => {
  const legacy = !('kind' in row.data);
  const parsed = legacy
    ? legacyWalkProgress.transform(migrateLegacyWalk).pipe(walkStage).safeParse(row)
    : walkStage.safeParse(row.data);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    context.issues.push({
      code: 'custom',
      input: row,
      path: legacy ? issue.path : ['data', ...issue.path],
      message: legacy ? `${issue.message} (saved by an earlier version)` : issue.message,
    });
  }
  return z.NEVER;
});
