import { describe, expect, it } from 'vitest';
import { isUnavailable } from '../../../../../src-main/core/client/client-failure';
import { nextDelay } from '../../../../../src-main/core/client/retry';
import { classifyStatus } from '../../../../../src-main/core/client/status';
import { apiError, makeProfile } from './helpers';

const profile = makeProfile('https://tenant.example.com', { name: 'Live council' });
const now = () => new Date('2026-06-03T09:00:00Z');

describe('a wait longer than the client takes', () => {
  it('stays a maintenance answer, for a batch to pause on rather than fail the row', () => {
    const down = classifyStatus(
      {
        status: 503,
        headers: { 'retry-after': '120' },
        text: JSON.stringify(apiError('down', 'Down for maintenance.')),
      },
      { profile },
    );
    const given = nextDelay(down, 1, 10_000, Math.random, now);
    expect(typeof given).toBe('object');
    expect((given as Error).message).toMatch(/asked to wait 120 s; try again after/);
    expect(isUnavailable(given)).toBe(true);
  });
});
