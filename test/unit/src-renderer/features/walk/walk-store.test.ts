import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note, Process } from '../../../../../src-shared/api';
import type { WalkStage } from '../../../../../src-shared/walk';

const save = vi.fn();
const add = vi.fn();
const current = vi.fn();
const setStatus = vi.fn();
const getProcess = vi.fn();
// The store's only way out is window.api (through the cache too); the test answers for it.
vi.mock('../../../../../src-renderer/lib/api', () => ({
  api: {
    walk: { save },
    notes: { add },
    steps: { current },
    inbox: { setStatus },
    processes: { get: getProcess },
  },
}));
const { cache, keptRemote, setRemote } = await import('../../../../../src-renderer/lib/cache');
const { useWalk } = await import('../../../../../src-renderer/features/walk/walk-store');

const target = { profileId: 'p1', processId: 'proc-1' };
const addNote: WalkStage = { kind: 'addNote', documentId: null, backOfficeReference: 'BO-1', note: null };
const sent = { contents: 'Back office updated.', visibleToAccounts: false };
const note = {
  noteId: 'n1',
  author: 'Console',
  createdOn: '2026-01-01T10:00:00Z',
  contents: sent.contents,
} as Note;
const savedStage = () => keptRemote('walk.get', { deliveryId: 'd1' })?.stage;

describe('walk store', () => {
  beforeEach(() => {
    for (const mock of [save, add, current, setStatus, getProcess]) mock.mockReset();
    save.mockImplementation(async ({ progress }: { progress: WalkStage }) => ({ ok: true, value: progress }));
    cache.store.setState({ entries: {} });
    setRemote('walk.get', { deliveryId: 'd1' }, { stage: addNote, unreadable: 'set aside' });
    setRemote('processes.get', target, { processId: 'proc-1', notes: [] as Note[] } as Process);
    useWalk.setState({ deliveryId: null, profileId: null, problem: null });
    useWalk.getState().open('d1', 'p1');
  });

  it('keeps the intent before sending, then puts the added note in the kept process', async () => {
    add.mockResolvedValueOnce({ ok: true, value: note });
    expect(await useWalk.getState().addNote(target, sent)).toEqual({ kind: 'kept' });
    const intentId = (save.mock.calls[0]![0] as { progress: { note: { intentId: string } } }).progress.note
      .intentId;
    expect(add).toHaveBeenCalledWith({ ...target, intentId, ...sent });
    expect(save.mock.invocationCallOrder[0]).toBeLessThan(add.mock.invocationCallOrder[0]!);
    expect(savedStage()?.kind).toBe('readCurrentStep');
    expect(keptRemote('walk.get', { deliveryId: 'd1' })?.unreadable).toBeNull();
    expect(keptRemote('processes.get', target)?.notes).toEqual([note]);
  });

  it('hands an unknown outcome back as the error, keeps the intent and asks for the process again', async () => {
    add.mockResolvedValueOnce({ ok: false, error: { code: 'outcome_unknown', message: 'No answer.' } });
    const outcome = await useWalk.getState().addNote(target, sent);
    expect(outcome).toEqual({ kind: 'failed', error: { code: 'outcome_unknown', message: 'No answer.' } });
    const stage = savedStage();
    expect(stage?.kind === 'addNote' && stage.note?.outcome).toBe('unknown');
    expect(keptRemote('processes.get', target)).toBeUndefined();

    add.mockResolvedValueOnce({ ok: true, value: note });
    await useWalk.getState().addNote(target, { ...sent, contents: 'Edited.' });
    expect(add.mock.calls[1]![0].intentId).toBe(add.mock.calls[0]![0].intentId);
  });

  it('sends nothing when the intent cannot be saved, and says why as a call error', async () => {
    save.mockResolvedValueOnce({ ok: false, error: { code: 'internal', message: 'Disk full.' } });
    expect(await useWalk.getState().addNote(target, sent)).toEqual({ kind: 'notKept' });
    expect(add).not.toHaveBeenCalled();
    expect(useWalk.getState().problem).toEqual({ code: 'internal', message: 'Disk full.' });
    expect(savedStage()).toBe(addNote);
  });

  it('tells a process with no current step apart from a failed read', async () => {
    setRemote(
      'walk.get',
      { deliveryId: 'd1' },
      {
        stage: {
          ...addNote,
          kind: 'readCurrentStep',
          note: {
            intentId: crypto.randomUUID(),
            sent,
            received: { noteId: 'n1', author: 'Console', createdOn: 'x' },
          },
        },
        unreadable: null,
      },
    );
    current.mockResolvedValueOnce({ ok: true, value: null });
    expect(await useWalk.getState().readCurrentStep(target)).toEqual({ kind: 'processComplete' });
    current.mockResolvedValueOnce({ ok: false, error: { code: 'network', message: 'Down.' } });
    expect(await useWalk.getState().readCurrentStep(target)).toMatchObject({ kind: 'failed' });
    expect(save).not.toHaveBeenCalled();
  });

  it('finishes the walk when its step turns out complete, and says so when it is not yet', async () => {
    const stepToComplete = {
      stepId: 's1',
      kind: 'Standard',
      name: 'Back office assessment',
      startedOn: null,
    };
    const completing: WalkStage = {
      kind: 'completeStep',
      documentId: null,
      backOfficeReference: 'BO-1',
      note: {
        intentId: 'i1',
        sent,
        received: { noteId: 'n1', author: 'Console', createdOn: note.createdOn },
      },
      currentStep: stepToComplete,
    };
    setRemote('walk.get', { deliveryId: 'd1' }, { stage: completing, unreadable: null });
    const process = (completedOn: string | null) =>
      ({
        processId: 'proc-1',
        status: 'InProgress',
        steps: [
          { ...stepToComplete, kind: 'Standard', completedOn },
          ...(completedOn
            ? [
                {
                  stepId: 's2',
                  kind: 'Standard',
                  name: 'Arrange collection',
                  startedOn: null,
                  completedOn: null,
                },
              ]
            : []),
        ],
        fields: [{ code: 'OUTCOME', value: 'Accepted' }],
        notes: [],
      }) as unknown as Process;
    setStatus.mockResolvedValue({ ok: true, value: { status: 'handled' } });
    getProcess.mockResolvedValueOnce({ ok: true, value: process(null) });
    expect(await useWalk.getState().settleCompletion(target, 's1')).toEqual({ kind: 'notYet' });
    expect(savedStage()?.kind).toBe('completeStep');
    getProcess.mockResolvedValueOnce({ ok: true, value: process('2026-01-01T11:00:00') });
    expect(await useWalk.getState().settleCompletion(target, 's1')).toEqual({ kind: 'kept' });
    const done = savedStage();
    expect(done?.kind === 'done' && done.outcome).toEqual({
      completedStep: 'Back office assessment',
      processStatus: 'InProgress',
      nextStep: 'Arrange collection',
      outcomeField: 'Accepted',
    });
    expect(setStatus).toHaveBeenCalledWith({ deliveryId: 'd1', status: 'handled' });
  });
});
