import { describe, expect, it } from 'vitest';
import { adviceFor } from '../../../../src-renderer/lib/error-advice';
import { errorCodes } from '../../../../src-shared/result';

describe('error advice', () => {
  it('decides every code of the contract', () => {
    for (const code of errorCodes) expect(adviceFor(code)).toHaveProperty('retry');
  });

  it('never offers a blind retry when the outcome is unknown, and says to check first', () => {
    expect(adviceFor('outcome_unknown')).toMatchObject({ retry: false, warning: true });
    expect(adviceFor('outcome_unknown').guidance).toContain('check before trying again');
  });

  it('offers Retry for transient failures only', () => {
    expect(adviceFor('network').retry).toBe(true);
    expect(adviceFor('timeout').retry).toBe(true);
    expect(adviceFor('invalid_input').retry).toBe(false);
    expect(adviceFor('unauthorized').retry).toBe(false);
  });
});
