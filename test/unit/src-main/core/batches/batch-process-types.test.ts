import { describe, expect, it } from 'vitest';
import type { BatchRow } from '../../../../../src-shared/batches';
import { processTypesAt } from '../../../../../src-main/core/batches/batch-process-types';

type Type = Pick<BatchRow, 'processTypeId' | 'processTypeName'>;

const flyTipping: Type = { processTypeId: 'type-fly', processTypeName: 'Report fly-tipping' };
const potholes: Type = { processTypeId: 'type-pot', processTypeName: 'Report a pothole' };

function row(rowNo: number, step: string | null, type: Type, patch: Partial<BatchRow> = {}): BatchRow {
  return {
    rowNo,
    input: `FT-${rowNo}`,
    inputKind: 'externalReference',
    processId: null,
    externalReference: `FT-${rowNo}`,
    ...type,
    status: 'InProgress',
    currentStep:
      step === null ? null : { stepId: `s${rowNo}`, name: step, kind: 'Standard', startedOn: null },
    allocatedUser: null,
    restFailed: false,
    read: 'read',
    readError: null,
    readAt: null,
    action: 'none',
    actionMessage: null,
    ...patch,
  };
}

const rows = [
  row(1, 'Assessment', flyTipping),
  row(2, 'Assessment', flyTipping),
  row(3, 'Assessment', potholes),
  row(4, 'Triage', potholes),
  row(5, 'Assessment', potholes, { read: 'failed' }),
  row(6, null, flyTipping),
];

describe('the process types of a batch step, for its presets', () => {
  it('counts the read rows at the step by type, most first', () => {
    expect(processTypesAt(rows, 'Assessment')).toEqual([
      { ...flyTipping, count: 2 },
      { ...potholes, count: 1 },
    ]);
  });

  it('takes only the chosen rows when rows are chosen, so one type can offer its presets', () => {
    expect(processTypesAt(rows, 'Assessment', [1, 2, 4, 5])).toEqual([{ ...flyTipping, count: 2 }]);
  });

  it('has none for a step no read row waits at, or rows read before types were kept', () => {
    expect(processTypesAt(rows, 'Closed')).toEqual([]);
    expect(
      processTypesAt([row(7, 'Assessment', { processTypeId: null, processTypeName: null })], 'Assessment'),
    ).toEqual([]);
  });
});
