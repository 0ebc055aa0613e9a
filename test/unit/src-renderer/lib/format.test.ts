import { describe, expect, it } from 'vitest';
import { formatDuration, formatStatus } from '../../../../src-renderer/lib/format';

describe('a process status as shown', () => {
  it('reads as words: the API writes InProgress, the process view and batch table say In progress', () => {
    expect(formatStatus('InProgress')).toBe('In progress');
    expect(formatStatus('Completed')).toBe('Completed');
    expect(formatStatus('')).toBe('');
  });
});

describe('a duration between two service timestamps', () => {
  it('reads times without a zone, with one, and with a zone of hours only (the contract lets +01 through)', () => {
    expect(formatDuration('2026-06-03T09:00:00', '2026-06-03T11:05:00')).toBe('2 h 5 min');
    expect(formatDuration('2026-06-03T11:00:00+01:00', '2026-06-03T10:30:00Z')).toBe('30 min');
    // Review (s24rc): main read "+01" since this session; the renderer showed "—" for it.
    expect(formatDuration('2026-06-03T11:00:00+01', '2026-06-03T11:30:00+01')).toBe('30 min');
  });

  it('is a dash for a start that is no date, and running with no end', () => {
    expect(formatDuration('not a date', '2026-06-03T11:30:00')).toBe('—');
    expect(formatDuration('2026-06-03T11:00:00', null)).toBe('running');
  });
});
