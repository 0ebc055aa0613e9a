import { create } from 'zustand';
import { currentStepOf } from '../../../src-shared/process-paths';
import type { CompleteStepResponse } from '../../../src-shared/api';
import type { SettableDeliveryStatus } from '../../../src-shared/inbox';
import type { CallError } from '../../../src-shared/result';
import { firstWalkStage, type NoteAttempt, type WalkStage } from '../../../src-shared/walk';
import { api } from '../../lib/api';
import { keptRemote, setRemote, updateRemote } from '../../lib/cache';
import { noteAdded, processStale } from '../../lib/process-cache';
import * as transitions from './walk-transitions';

/** The process a stage acts on. */
export interface WalkTarget {
  profileId: string;
  processId: string;
}

/**
 * How a stage's call ended: the walk moved on (`kept`); the service refused or failed (`failed`);
 * the new stage could not be saved (`notKept`, the walk's `problem` says why); or the process has
 * no step left to complete (`processComplete`).
 */
export type StageCall =
  { kind: 'kept' } | { kind: 'failed'; error: CallError } | { kind: 'notKept' } | { kind: 'processComplete' };

interface WalkState {
  /** The delivery being walked. Its stage is not here: it is `walk.get`'s answer in the cache. */
  deliveryId: string | null;
  /** The delivery's profile: every save of the walk carries it, and main checks it. */
  profileId: string | null;
  /** Why the last change of stage could not be saved in main. */
  problem: CallError | null;
  open(deliveryId: string, profileId: string): void;
  next(linkedDocuments: number): Promise<boolean>;
  back(): Promise<boolean>;
  openDocument(documentId: string): Promise<boolean>;
  updateBackOffice(reference: string): Promise<boolean>;
  /** Adds the note at most once per intent, keeping the intent in main before the first send. */
  addNote(target: WalkTarget, sent: NoteAttempt['sent'], confirmation?: string): Promise<StageCall>;
  readCurrentStep(target: WalkTarget): Promise<StageCall>;
  stepCompleted(response: CompleteStepResponse): Promise<boolean>;
  /**
   * Reads the process to learn whether the walk's step was completed after all (an unclear
   * answer, a console that quit mid-send) and, if so, finishes the walk with what it finds.
   */
  settleCompletion(target: WalkTarget, stepId: string): Promise<StageCall | { kind: 'notYet' }>;
}

/** Sets a delivery's status in main and in the kept delivery, instead of asking for it again. */
export async function setDeliveryStatus(deliveryId: string, status: SettableDeliveryStatus): Promise<void> {
  const result = await api.inbox.setStatus({ deliveryId, status });
  if (!result.ok) return;
  updateRemote('inbox.get', (delivery, input) =>
    input.deliveryId === deliveryId ? { ...delivery, ...result.value } : undefined,
  );
}

/**
 * The walk's transitions. The stage is read from the cache (`walk.get`, as main saved it) and
 * moves only once main has kept the new one, which then goes into the cache, so the walk
 * survives a restart and every view of it shows the same stage.
 */
export const useWalk = create<WalkState>()((set, get) => {
  /** The saved stage; null until `walk.get` has answered. */
  const current = (deliveryId: string | null): WalkStage | null => {
    const saved = deliveryId === null ? undefined : keptRemote('walk.get', { deliveryId });
    return saved ? (saved.stage ?? firstWalkStage) : null;
  };

  /** Keeps `next` in main; false (with the reason in `problem`) when it could not be kept. */
  async function keep(deliveryId: string | null, next: WalkStage | null): Promise<boolean> {
    if (!next || deliveryId === null) return false;
    if (next === current(deliveryId)) return true;
    const { profileId } = get();
    if (profileId === null) return false;
    const result = await api.walk.save({ deliveryId, profileId, progress: next });
    const shown = get().deliveryId === deliveryId;
    if (!result.ok) {
      if (shown) set({ problem: result.error });
      return false;
    }
    setRemote('walk.get', { deliveryId }, { stage: result.value, unreadable: null });
    if (shown) set({ problem: null });
    if (result.value.kind === 'done') await setDeliveryStatus(deliveryId, 'handled');
    return true;
  }

  const apply = (change: (stage: WalkStage) => WalkStage) => {
    const { deliveryId } = get();
    const stage = current(deliveryId);
    return keep(deliveryId, stage && change(stage));
  };

  return {
    deliveryId: null,
    profileId: null,
    problem: null,
    open(deliveryId, profileId) {
      if (get().deliveryId !== deliveryId || get().profileId !== profileId)
        set({ deliveryId, profileId, problem: null });
    },
    next: (linkedDocuments) => apply((stage) => transitions.next(stage, linkedDocuments)),
    back: () => apply(transitions.back),
    openDocument: (documentId) => apply((stage) => transitions.documentOpened(stage, documentId)),
    updateBackOffice: (reference) => apply((stage) => transitions.backOfficeUpdated(stage, reference)),
    async addNote(target, sent, confirmation) {
      const { deliveryId } = get();
      const stage = current(deliveryId);
      const sending = stage && transitions.noteSending(stage, sent, crypto.randomUUID());
      if (sending?.kind !== 'addNote' || !sending.note) return { kind: 'notKept' };
      // Nothing is sent unless the intent is kept first, or a restart could send the note again.
      if (!(await keep(deliveryId, sending))) return { kind: 'notKept' };
      const result = await api.notes.add({
        ...target,
        intentId: sending.note.intentId,
        ...sent,
        ...(confirmation === undefined ? {} : { confirmation }),
      });
      if (!result.ok) {
        // The note may have been added: the process is asked again where it shows.
        if (result.error.code === 'outcome_unknown') processStale(target.profileId, target.processId);
        await keep(deliveryId, transitions.noteFailed(sending, result.error.code));
        return { kind: 'failed', error: result.error };
      }
      noteAdded(target.profileId, target.processId, result.value);
      const { noteId, author, createdOn } = result.value;
      const kept = await keep(deliveryId, transitions.noteAdded(sending, { noteId, author, createdOn }));
      return kept ? { kind: 'kept' } : { kind: 'notKept' };
    },
    async readCurrentStep(target) {
      const result = await api.steps.current(target);
      if (!result.ok) return { kind: 'failed', error: result.error };
      if (!result.value) return { kind: 'processComplete' };
      const { stepId, name, startedOn } = result.value;
      const kept = await apply((stage) => transitions.currentStepRead(stage, { stepId, name, startedOn }));
      return kept ? { kind: 'kept' } : { kind: 'notKept' };
    },
    stepCompleted: (response) =>
      apply((stage) => transitions.stepCompleted(stage, transitions.outcomeOf(response))),
    async settleCompletion(target, stepId) {
      const result = await api.processes.get(target);
      if (!result.ok) return { kind: 'failed', error: result.error };
      const process = result.value;
      const completedStep = process.steps.find((candidate) => candidate.stepId === stepId);
      if (!completedStep || completedStep.completedOn === null) return { kind: 'notYet' };
      const response = { completedStep, currentStep: currentStepOf(process), process };
      const kept = await apply((stage) => transitions.stepCompleted(stage, transitions.outcomeOf(response)));
      return kept ? { kind: 'kept' } : { kind: 'notKept' };
    },
  };
});
