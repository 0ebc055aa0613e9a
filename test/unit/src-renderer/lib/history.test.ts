import { describe, expect, it } from 'vitest';
import type { Process } from '../../../../src-shared/api';
import type { HistoryEntry } from '../../../../src-shared/history';
import { recordLookup, refreshSeen } from '../../../../src-renderer/lib/history';

const process = {
  processId: 'b',
  externalReference: 'FT-2',
  processTypeName: 'Fault report',
  status: 'Completed',
} as Process;
const entry = (processId: string, status = 'InProgress'): HistoryEntry => ({
  processId,
  externalReference: `FT-${processId}`,
  processTypeName: null,
  status,
  lastSeenAt: '2026-01-01T00:00:00.000Z',
});

describe('history mirror', () => {
  it('puts a looked-up process on top of Recent once, as main records it', () => {
    const next = recordLookup({ recent: [entry('a'), entry('b')], pinned: [entry('b')] }, process);
    expect(next.recent.map((old) => old.processId)).toEqual(['b', 'a']);
    expect(next.recent[0]).toMatchObject({ externalReference: 'FT-2', status: 'Completed' });
    expect(next.pinned[0]!.status).toBe('Completed');
  });

  it('refreshes a changed process in place, and leaves history alone when it is not in it', () => {
    const next = refreshSeen({ recent: [entry('a'), entry('b')], pinned: [] }, process);
    expect(next!.recent.map((old) => [old.processId, old.status])).toEqual([
      ['a', 'InProgress'],
      ['b', 'Completed'],
    ]);
    expect(refreshSeen({ recent: [entry('a')], pinned: [] }, process)).toBeUndefined();
  });
});
