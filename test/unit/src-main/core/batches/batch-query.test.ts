import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../../../src-main/core/batches/batch-query';
import type { BatchRow } from '../../../../../src-shared/batches';
import { calls } from '../../../../../src-shared/contract';

function row(
  rowNo: number,
  step: string | null,
  startedOn: string | null,
  extra: Partial<BatchRow> = {},
): BatchRow {
  return {
    rowNo,
    input: `FT-${rowNo}`,
    inputKind: 'externalReference',
    processId: null,
    externalReference: `FT-${rowNo}`,
    processTypeId: null,
    processTypeName: 'Report fly-tipping',
    status: 'InProgress',
    currentStep: step === null ? null : { stepId: `s${rowNo}`, name: step, kind: 'Standard', startedOn },
    allocatedUser: null,
    restFailed: false,
    read: 'read',
    readError: null,
    readAt: null,
    action: 'none',
    actionMessage: null,
    ...extra,
  };
}

const query = (raw: object) => {
  const { batchId: _batchId, ...rest } = calls['batches.get'].input.parse({
    batchId: '6b1f3c2a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    ...raw,
  });
  return rest;
};

describe('a batch table query', () => {
  const now = new Date('2026-06-03T12:00:00Z');
  const rows = [
    row(1, 'Back office assessment', '2026-06-03T11:00:00'),
    row(2, 'Back office assessment', '2026-06-01T09:00:00'),
    row(3, 'Send to back office', '2026-06-02T09:00:00', { restFailed: true }),
    row(4, null, null, { read: 'failed', readError: 'No process has the external reference FT-4.' }),
  ];

  it('filters by step, waiting time, failed REST step and failed read', () => {
    const numbers = (raw: object) => queryRows(rows, query(raw), now).map((r) => r.rowNo);
    expect(numbers({ filter: { stepName: 'Back office assessment' } })).toEqual([1, 2]);
    expect(numbers({ filter: { waitingLongerThanHours: 24 } })).toEqual([2, 3]);
    expect(numbers({ filter: { restFailed: true } })).toEqual([3]);
    expect(numbers({ filter: { readFailed: true } })).toEqual([4]);
    expect(numbers({ filter: { text: 'send to' } })).toEqual([3]);
  });

  it('finds a step by its name and kind exactly as the service wrote them, however long', () => {
    // The service bounds neither: a name past 200 characters, and ends with spaces, are its own.
    const long = `Assessment ${'by the back office '.repeat(20)}`;
    const spaced = { stepId: 's2', name: 'Back office assessment ', kind: 'Standard ', startedOn: null };
    const odd = [
      row(1, long, null),
      row(2, spaced.name, null, { currentStep: spaced }),
      row(3, 'Back office assessment', null),
    ];
    const numbers = (filter: object) => queryRows(odd, query({ filter }), now).map((r) => r.rowNo);
    expect(numbers({ stepName: long })).toEqual([1]);
    expect(numbers({ stepName: 'Back office assessment ' })).toEqual([2]);
    expect(numbers({ kind: 'Standard ' })).toEqual([2]);
    expect(numbers({ kind: 'Standard' })).toEqual([1, 3]);
  });

  it('sorts by waiting time with empty cells last, either way', () => {
    const numbers = (direction: string) =>
      queryRows(rows, query({ sort: { by: 'waitingSince', direction } }), now).map((r) => r.rowNo);
    expect(numbers('asc')).toEqual([2, 3, 1, 4]);
    expect(numbers('desc')).toEqual([1, 3, 2, 4]);
  });
});
