import { describe, expect, it } from 'vitest';
import type { CompleteStepResponse } from '../../../../../src-shared/api';
import type { WalkStage, WalkStageOf } from '../../../../../src-shared/walk';
import {
  back,
  backOfficeUpdated,
  canGoBack,
  currentStepRead,
  documentOpened,
  next,
  noteAdded,
  noteFailed,
  noteIntentId,
  noteSending,
  outcomeOf,
  stepCompleted,
} from '../../../../../src-renderer/features/walk/walk-transitions';

const first = '11111111-1111-4111-8111-111111111111';
const second = '22222222-2222-4222-8222-222222222222';
const third = '33333333-3333-4333-8333-333333333333';
const sent = { contents: 'Back office updated: reference BO-1042.', visibleToAccounts: false };
const edited = { ...sent, contents: 'Back office updated: reference BO-1043.' };
const received = { noteId: 'n1', author: 'Process Console (local)', createdOn: '2026-06-03T09:14:22Z' };
const step = { stepId: 's2', name: 'Back office assessment', startedOn: null };
const addNote: WalkStageOf<'addNote'> = {
  kind: 'addNote',
  documentId: 'd1',
  backOfficeReference: 'BO-1042',
  note: null,
};

describe('the walk through the pattern', () => {
  it('goes from the payload to the end, each stage carrying what the earlier ones learned', () => {
    let stage: WalkStage = { kind: 'readPayload' };
    stage = next(stage, 1);
    expect(stage).toEqual({ kind: 'openDocument', documentId: null });
    expect(next(stage, 1)).toBe(stage); // a linked document must be opened first
    stage = next(documentOpened(stage, 'd1'), 1);
    expect(stage).toEqual({ kind: 'updateBackOffice', documentId: 'd1', backOfficeReference: null });
    expect(backOfficeUpdated(stage, '   ')).toBe(stage);
    stage = backOfficeUpdated(stage, ' BO-1042 ');
    expect(stage).toEqual(addNote);
    stage = noteAdded(noteSending(stage, sent, first), received);
    expect(stage).toEqual({ ...addNote, kind: 'readCurrentStep', note: { intentId: first, sent, received } });
    stage = currentStepRead(stage, step);
    expect(stage).toMatchObject({ kind: 'completeStep', currentStep: step, backOfficeReference: 'BO-1042' });
    const outcome = {
      completedStep: step.name,
      processStatus: 'InProgress',
      nextStep: 'X',
      outcomeField: 'Y',
    };
    stage = stepCompleted(stage, outcome);
    expect(stage).toMatchObject({ kind: 'done', outcome, note: { received } });
  });

  it('continues without opening a document when the payload links none', () => {
    expect(next({ kind: 'openDocument', documentId: null }, 0)).toMatchObject({ kind: 'updateBackOffice' });
  });

  it('leaves a stage unchanged, the same object, when an action does not apply to it', () => {
    const stages: WalkStage[] = [{ kind: 'readPayload' }, addNote];
    for (const stage of stages) {
      expect(documentOpened(stage, 'd1')).toBe(stage);
      expect(currentStepRead(stage, step)).toBe(stage);
      expect(noteAdded(stage, received)).toBe(stage);
      expect(noteFailed(stage, 'network')).toBe(stage);
    }
    expect(next(addNote, 0)).toBe(addNote);
  });

  it('goes back one stage, but never across a note or a completion that may have been sent', () => {
    expect(back({ kind: 'readPayload' })).toEqual({ kind: 'readPayload' });
    expect(back({ kind: 'openDocument', documentId: 'd1' })).toEqual({ kind: 'readPayload' });
    const backOffice = back(addNote);
    expect(backOffice).toEqual({
      kind: 'updateBackOffice',
      documentId: 'd1',
      backOfficeReference: 'BO-1042',
    });
    expect(back(backOffice)).toEqual({ kind: 'openDocument', documentId: 'd1' });
    const sending = noteSending(addNote, sent, first);
    expect(canGoBack(sending)).toBe(false);
    const reading = noteAdded(sending, received);
    expect(canGoBack(reading)).toBe(false);
    const completing = currentStepRead(reading, step);
    // Reading the current step again after a completion landed would offer the next step.
    expect(canGoBack(completing)).toBe(false);
    expect(canGoBack(stepCompleted(completing, outcomeOf(response())))).toBe(false);
  });
});

describe('the note intent', () => {
  it('is kept before the send, with its outcome unknown until the service answers', () => {
    expect(noteSending(addNote, sent, first)).toEqual({
      ...addNote,
      note: { intentId: first, sent, outcome: 'unknown' },
    });
  });

  it('stays the same across a retry, so a retried note is not added twice', () => {
    const sending = noteSending(addNote, sent, first);
    for (const code of ['outcome_unknown', 'network', 'server_error'] as const) {
      const retried = noteSending(noteFailed(sending, code), sent, second);
      expect(retried).toMatchObject({ note: { intentId: first } });
    }
  });

  it('stays the same for edited words after an unknown outcome: the first may have been added', () => {
    const unknown = noteFailed(noteSending(addNote, sent, first), 'outcome_unknown');
    expect(unknown).toMatchObject({ note: { outcome: 'unknown' } });
    expect(noteSending(unknown, edited, second)).toMatchObject({ note: { intentId: first, sent: edited } });
  });

  it('is new for edited words after a clear failure: that is another note', () => {
    const failed = noteFailed(noteSending(addNote, sent, first), 'network');
    expect(failed).toMatchObject({ note: { outcome: 'failed' } });
    const again = noteSending(failed, edited, second);
    expect(again).toMatchObject({ note: { intentId: second, sent: edited, outcome: 'unknown' } });
    // Once that one is on its way, a further edit keeps its intent.
    expect(noteSending(again, sent, third)).toMatchObject({ note: { intentId: second } });
    expect(noteIntentId(null, sent, third)).toBe(third);
  });
});

function response(): CompleteStepResponse {
  const completed = { ...step, kind: 'Form', startedOn: null, completedOn: '2026-06-03T09:20:00Z' };
  return {
    completedStep: completed,
    currentStep: { ...completed, stepId: 's3', name: 'Arrange collection', completedOn: null },
    process: { status: 'InProgress', fields: [{ code: 'OUTCOME', value: 'Accepted' }] },
  } as unknown as CompleteStepResponse;
}

describe('the outcome of completing the step', () => {
  it('keeps where the branching rules took the process and the OUTCOME field', () => {
    expect(outcomeOf(response())).toEqual({
      completedStep: 'Back office assessment',
      processStatus: 'InProgress',
      nextStep: 'Arrange collection',
      outcomeField: 'Accepted',
    });
  });
});
