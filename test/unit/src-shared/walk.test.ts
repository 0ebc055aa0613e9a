import { describe, expect, it } from 'vitest';
import { walkStage, walkStageKinds, walkStageNumber } from '../../../src-shared/walk';
import { migrateLegacyWalk, savedWalkStage } from '../../../src-shared/walk-saved';
import { walkSaveInput } from '../../../src-shared/workbench-inputs';

const intentId = '0b9c3f0e-6d1a-4c8e-9f3b-2a1d4e5f6a7b';
const sent = { contents: 'Back office updated: reference BO-1042.', visibleToAccounts: false };
const received = { noteId: 'n1', author: 'Process Console (local)', createdOn: '2026-06-03T09:14:22Z' };
const currentStep = { stepId: 's2', name: 'Back office assessment', startedOn: '2026-06-03T09:14:00Z' };

/** Everything the previous version had saved by the end of a walk. */
const legacyData = {
  documentOpened: 'd1',
  backOfficeReference: 'BO-1042',
  noteIntent: intentId,
  noteSent: sent,
  noteUnknown: false,
  noteReceived: received,
  currentStep,
  completeReceived: { completedStep: 'Back office assessment', currentStep: 'Arrange collection' },
  result: { status: 'InProgress', currentStep: 'Arrange collection', outcome: 'Accepted' },
};
const facts = { documentId: 'd1', backOfficeReference: 'BO-1042' };

describe('the walk progress schema', () => {
  it('numbers the stages 1 to 7 in the order of the pattern', () => {
    expect(walkStageKinds.map(walkStageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(walkStageNumber('done')).toBe(7);
  });

  it('is the walk.save input: a numbered stage or a stage missing its data is refused', () => {
    const deliveryId = 'd';
    const profileId = '0b6a3f1e-2c4d-4e5f-8a9b-1c2d3e4f5a6b';
    expect(
      walkSaveInput.safeParse({ deliveryId, profileId, progress: { kind: 'readPayload' } }).success,
    ).toBe(true);
    // Without the profile it runs on, a walk cannot be saved (main checks it is the delivery's).
    expect(walkSaveInput.safeParse({ deliveryId, progress: { kind: 'readPayload' } }).success).toBe(false);
    expect(walkSaveInput.safeParse({ deliveryId, profileId, progress: { stage: 7, data: {} } }).success).toBe(
      false,
    );
    expect(
      walkSaveInput.safeParse({ deliveryId, profileId, progress: { kind: 'readCurrentStep', ...facts } })
        .success,
    ).toBe(false);
    const note = { intentId: 'not-a-uuid', sent, outcome: 'unknown' };
    expect(walkStage.safeParse({ kind: 'addNote', ...facts, note }).success).toBe(false);
  });
});

describe('progress saved by the previous version', () => {
  const migrate = (stage: number, data: object) => savedWalkStage.parse({ stage, data });

  it('loads each numbered stage as its named stage, with its data', () => {
    expect(migrate(1, {})).toEqual({ kind: 'readPayload' });
    expect(migrate(2, {})).toEqual({ kind: 'openDocument', documentId: null });
    expect(migrate(3, { documentOpened: 'd1' })).toEqual({
      kind: 'updateBackOffice',
      documentId: 'd1',
      backOfficeReference: null,
    });
    expect(migrate(4, { documentOpened: 'd1', backOfficeReference: 'BO-1042' })).toEqual({
      kind: 'addNote',
      ...facts,
      note: null,
    });
    const note = { intentId, sent, received };
    expect(migrate(5, legacyData)).toEqual({ kind: 'readCurrentStep', ...facts, note });
    expect(migrate(6, legacyData)).toEqual({ kind: 'completeStep', ...facts, note, currentStep });
    expect(migrate(7, legacyData)).toEqual({
      kind: 'done',
      ...facts,
      note,
      currentStep,
      outcome: {
        completedStep: 'Back office assessment',
        processStatus: 'InProgress',
        nextStep: 'Arrange collection',
        outcomeField: 'Accepted',
      },
    });
  });

  it('keeps the intent of a note sent without an answer, whatever the old flag said', () => {
    for (const noteUnknown of [true, false, undefined]) {
      const data = { backOfficeReference: 'BO-1042', noteIntent: intentId, noteSent: sent, noteUnknown };
      expect(migrate(4, data)).toMatchObject({ note: { intentId, sent, outcome: 'unknown' } });
    }
  });

  it('refuses, with where and why, a stage out of range or one missing the data it needs', () => {
    const outOfRange = savedWalkStage.safeParse({ stage: 0, data: {} });
    expect(outOfRange.error?.issues[0]).toMatchObject({ path: ['stage'] });
    const missing = savedWalkStage.safeParse({ stage: 5, data: { backOfficeReference: 'BO-1042' } });
    expect(missing.error?.issues[0]?.path).toEqual(['note', 'intentId']);
    expect(missing.error?.issues[0]?.message).toMatch(/saved by an earlier version/);
    expect(migrateLegacyWalk({ stage: 3, data: {} })).toEqual({
      kind: 'updateBackOffice',
      documentId: null,
      backOfficeReference: null,
    });
  });

  it("reads this version's rows through the same schema, prefixing the path of a bad key", () => {
    expect(savedWalkStage.parse({ stage: 1, data: { kind: 'readPayload' } })).toEqual({
      kind: 'readPayload',
    });
    const bad = savedWalkStage.safeParse({ stage: 2, data: { kind: 'openDocument', documentId: 7 } });
    expect(bad.error?.issues[0]?.path).toEqual(['data', 'documentId']);
  });
});
