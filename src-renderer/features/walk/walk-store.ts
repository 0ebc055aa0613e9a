import { create } from 'zustand';
import type { CompleteStepResponse } from '../../../src-shared/api';
import { firstWalkStage, type NoteAttempt, type WalkStage } from '../../../src-shared/walk';
import { api } from '../../lib/api';
import type { Remote } from '../../lib/remote';
import * as transitions from './walk-transitions';

/** The process a stage acts on. */
export interface WalkTarget {
  profileId: string;
  processId: string;
}

/** How a stage's call to the service ended; `error` null when the walk's own problem says why. */
export type StageCall = { ok: true } | { ok: false; error: string | null };

interface WalkState {
  deliveryId: string | null;
  stage: Remote<WalkStage>;
  /** Why saved progress was set aside, or why the last change could not be kept. */
  problem: string | null;
  load(deliveryId: string): Promise<void>;
  next(linkedDocuments: number): Promise<boolean>;
  back(): Promise<boolean>;
  openDocument(documentId: string): Promise<boolean>;
  updateBackOffice(reference: string): Promise<boolean>;
  /** Adds the note at most once per intent, keeping the intent in main before the first send. */
  addNote(target: WalkTarget, sent: NoteAttempt['sent']): Promise<StageCall>;
  readCurrentStep(target: WalkTarget): Promise<StageCall>;
  stepCompleted(response: CompleteStepResponse): Promise<boolean>;
}

/**
 * The walk of one delivery: its stage, loaded from and kept in main after every transition, so
 * it survives a restart. The stage moves only once main has kept the new one.
 */
export const useWalk = create<WalkState>()((set, get) => {
  const current = (): WalkStage | null => {
    const { stage } = get();
    return stage.status === 'ready' ? stage.value : null;
  };

  /** Keeps `next` in main; false (with the reason in `problem`) when it could not be kept. */
  async function keep(next: WalkStage | null): Promise<boolean> {
    const { deliveryId } = get();
    if (!next || !deliveryId) return false;
    if (next === current()) return true;
    const result = await api.walk.save({ deliveryId, progress: next });
    if (get().deliveryId !== deliveryId) return false;
    if (!result.ok) {
      set({ problem: `The walk's progress could not be saved: ${result.error.message}` });
      return false;
    }
    set({ stage: { status: 'ready', value: result.value }, problem: null });
    if (result.value.kind === 'done') await api.inbox.setStatus({ deliveryId, status: 'handled' });
    return true;
  }

  const apply = (change: (stage: WalkStage) => WalkStage) => {
    const stage = current();
    return keep(stage && change(stage));
  };

  return {
    deliveryId: null,
    stage: { status: 'idle' },
    problem: null,
    async load(deliveryId) {
      set({ deliveryId, stage: { status: 'loading' }, problem: null });
      const result = await api.walk.get({ deliveryId });
      if (get().deliveryId !== deliveryId) return;
      if (!result.ok) return set({ stage: { status: 'error', error: result.error } });
      const { stage, unreadable } = result.value;
      set({ stage: { status: 'ready', value: stage ?? firstWalkStage }, problem: unreadable });
    },
    next: (linkedDocuments) => apply((stage) => transitions.next(stage, linkedDocuments)),
    back: () => apply(transitions.back),
    openDocument: (documentId) => apply((stage) => transitions.documentOpened(stage, documentId)),
    updateBackOffice: (reference) => apply((stage) => transitions.backOfficeUpdated(stage, reference)),
    async addNote(target, sent) {
      const stage = current();
      const sending = stage && transitions.noteSending(stage, sent, crypto.randomUUID());
      if (sending?.kind !== 'addNote' || !sending.note) return { ok: false, error: null };
      // Nothing is sent unless the intent is kept first, or a restart could send the note again.
      if (!(await keep(sending))) return { ok: false, error: null };
      const result = await api.notes.add({ ...target, intentId: sending.note.intentId, ...sent });
      if (!result.ok) {
        await keep(transitions.noteFailed(sending, result.error.code));
        return { ok: false, error: result.error.message };
      }
      const { noteId, author, createdOn } = result.value;
      return (await keep(transitions.noteAdded(sending, { noteId, author, createdOn })))
        ? { ok: true }
        : { ok: false, error: null };
    },
    async readCurrentStep(target) {
      const result = await api.steps.current(target);
      if (!result.ok) return { ok: false, error: result.error.message };
      if (!result.value) {
        return { ok: false, error: 'The process has no current step: it is already complete.' };
      }
      const { stepId, name, startedOn } = result.value;
      const kept = await apply((stage) => transitions.currentStepRead(stage, { stepId, name, startedOn }));
      return kept ? { ok: true } : { ok: false, error: null };
    },
    stepCompleted: (response) =>
      apply((stage) => transitions.stepCompleted(stage, transitions.outcomeOf(response))),
  };
});
