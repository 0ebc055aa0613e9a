import { describe, expect, it } from 'vitest';
import { serviceTimeMs } from '../../../src-shared/service-time';

describe('a service timestamp', () => {
  it('reads a service date without a zone as UTC', () => {
    expect(serviceTimeMs('2026-06-03T11:00:00')).toBe(Date.parse('2026-06-03T11:00:00Z'));
    expect(serviceTimeMs('2026-06-03T11:00:00.1234567+01:00')).toBe(Date.parse('2026-06-03T10:00:00.123Z'));
  });

  it('reads a zone of hours only, as the contract accepts it, and no date from garbage', () => {
    // Review (s24rc): "+01" passed the answer's schema but read as no date: the row fell out of
    // "waiting longer than" and sorted among the rows with no step.
    expect(serviceTimeMs('2026-06-03T11:00:00+01')).toBe(Date.parse('2026-06-03T10:00:00Z'));
    expect(serviceTimeMs('2026-06-03 11:00-0130')).toBe(Date.parse('2026-06-03T12:30:00Z'));
    expect(serviceTimeMs('2026-13-45T11:00:00')).toBeNull();
    expect(serviceTimeMs('not a date')).toBeNull();
  });

  it('is none when there is none', () => {
    expect(serviceTimeMs(null)).toBeNull();
    expect(serviceTimeMs('')).toBeNull();
  });
});
