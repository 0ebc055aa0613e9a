import type { CompleteStepResponse, Note, Process } from '../../../src-shared/api';
import { currentStepOf } from '../../../src-shared/process-paths';
import type { ReadBack } from './safe-change';

/**
 * "Is this change ours?": what a fresh read of a process says about a completion or a note this
 * console sent. One rule for a change settled after an unclear answer, a batch row read back after
 * the console stopped, and a single change whose outcome was never written (interrupted-changes).
 */

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * A completion's fate. Complete counts as ours only when every field sent is on the process with
 * the value sent: a colleague may have completed the step meanwhile, and their completion must not
 * be reported as this one. After the service `accepted` this completion (2xx), a completed step is
 * this completion.
 */
export function completionFound(
  process: Process,
  stepId: string,
  sent: readonly { code: string; value: string }[],
  accepted = false,
): ReadBack<CompleteStepResponse> {
  const step = process.steps.find((candidate) => sameId(candidate.stepId, stepId));
  if (!step) return { state: 'other', description: 'that the step is no longer on the process' };
  const done = (): ReadBack<CompleteStepResponse> => ({
    state: 'done',
    value: { completedStep: step, currentStep: currentStepOf(process), process },
  });
  if (step.completedOn !== null && accepted) return done();
  if (step.completedOn !== null) {
    const ours =
      sent.length > 0 &&
      sent.every((field) =>
        process.fields.some((own) => own.code === field.code && own.value === field.value),
      );
    if (ours) return done();
    return {
      state: 'other',
      description:
        sent.length > 0
          ? 'the step complete, but not with the field values this console sent'
          : 'the step complete, but a completion without fields cannot be told apart from another one',
    };
  }
  const current = currentStepOf(process);
  if (current && sameId(current.stepId, stepId)) return { state: 'not-done' };
  return {
    state: 'other',
    description: `that the step is neither complete nor current (process status ${process.status})`,
  };
}

/**
 * A note's fate: a note that was not on the process before the first send (`known`), with the same
 * words, by this key, is proof, whatever the clocks or time zones of console and service say.
 */
export function noteFound(
  process: Process,
  known: ReadonlySet<string>,
  contents: string,
  keyName: string,
): ReadBack<Note> {
  const fresh = process.notes.filter(
    (candidate) => !known.has(candidate.noteId) && candidate.contents.trim() === contents.trim(),
  );
  const ours = fresh.find(
    (candidate) => candidate.author.trim().toLowerCase() === keyName.trim().toLowerCase(),
  );
  if (ours) return { state: 'done', value: ours };
  // Same words, new, but another author: perhaps the key's name differs from the profile's
  // keyName, perhaps a colleague. Neither resend nor success is safe; say so.
  if (fresh.length > 0) {
    return {
      state: 'other',
      description: `a new note with the same words by "${fresh[0]!.author}", not by "${keyName}"`,
    };
  }
  return { state: 'not-done' };
}
