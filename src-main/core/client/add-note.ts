import { createHash } from 'node:crypto';
import type { ValidInput } from '../../../src-shared/contract';
import { noteSchema, processSchema, type Note, type Process } from '../../../src-shared/api';
import { confirmProcess } from '../../../src-shared/live-confirmation';
import type { Profile } from '../../../src-shared/profile';
import { addNoteRequest } from './change-requests';
import { sameProcess, type ChangeContext } from './complete-step';
import { requireLiveConfirmation } from './live-confirmation';
import { changeIntent, recordEarlierSend } from './change-audit';
import { runChange } from './safe-change';
import { noteFound } from './change-found';

/** Adding a note, as the contract's door validated it: where, what, under which user intent. */
export type AddNoteInput = Omit<ValidInput<'notes.add'>, 'profileId'>;

/**
 * Adds a note at most once, like completing a step. The read-back compares the process's notes
 * with those it had before the first send, so a new note with the same contents by this key is
 * proof, whatever the clocks or time zones of console and service say.
 */
export async function addNote(
  context: ChangeContext,
  profile: Profile,
  input: AddNoteInput,
  signal?: AbortSignal,
  readJustNow?: Process,
): Promise<Note> {
  const { processId, intentId, confirmation, ...note } = input;
  const digest = createHash('sha256').update(note.contents).digest('hex');
  const release = context.inFlight.claim(
    [`intent:${intentId}`, `note:${processId.toLowerCase()}:${digest}`],
    'This note is already being added to this process.',
  );
  try {
    const read = () =>
      context.http.call({
        profile,
        operation: 'getProcess',
        params: { processId },
        schema: processSchema,
        subject: `process ${processId}`,
      });
    const before = readJustNow ? sameProcess(readJustNow, processId) : await read();
    requireLiveConfirmation(profile, confirmProcess(before), confirmation);
    const intent = changeIntent(context.now(), profile, intentId, {
      action: 'note.add',
      processId: before.processId,
      externalReference: before.externalReference,
      processTypeId: before.processTypeId,
      note,
    });
    // A retried intent (the walk keeps one across an unclear answer) is checked before it is sent
    // again: a tenant that ignores Idempotency-Key would otherwise add the note twice.
    const baseline = context.noteBaselines.get(intentId);
    const earlier = baseline && noteFound(before, baseline, note.contents, profile.keyName);
    if (earlier?.state === 'done') {
      await recordEarlierSend(
        context,
        intent,
        before.processId,
        'Already added with the words of this intent (an earlier send landed); nothing was sent again.',
      );
      return earlier.value;
    }
    const known = baseline ?? new Set(before.notes.map((existing) => existing.noteId));
    context.noteBaselines.set(intentId, known);
    return await runChange(context, {
      intent,
      send: () =>
        context.http.call({
          profile,
          ...addNoteRequest(processId, intentId, note),
          schema: noteSchema,
          subject: `process ${processId}`,
          signal,
        }),
      readBack: async () => noteFound(await read(), known, note.contents, profile.keyName),
      whatToCheck:
        `Open process ${before.externalReference} (${before.processId}) and look at its notes before adding ` +
        'this one again: if it is there, it went through.',
      processIdOf: () => before.processId,
      successStatus: 201,
    });
  } finally {
    release();
  }
}
