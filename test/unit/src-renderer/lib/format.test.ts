import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../../src-renderer/lib/format';

describe('a process status as shown', () => {
  it('reads as words: the API writes InProgress, the process view and batch table say In progress', () => {
    expect(formatStatus('InProgress')).toBe('In progress');
    expect(formatStatus('Completed')).toBe('Completed');
    expect(formatStatus('')).toBe('');
  });
});
