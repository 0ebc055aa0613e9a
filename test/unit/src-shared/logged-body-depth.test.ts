import { describe, expect, it } from 'vitest';
import { keptBody } from '../../../src-shared/logged-body';
import { confidentialMask } from '../../../src-shared/logs';
import { tooDeepToCheck } from '../../../src-shared/redaction';

/*
 * The secrets check gives up on an answer nested a few thousand levels deep; the masking walk of a
 * change's confidential values, run on what it keeps, overflowed the stack a little less deep (the
 * depths move with the JIT: a walk run cold has the larger frames, so this file has it alone).
 * Thrown while the exchange was logged, the overflow replaced the change's outcome.
 */
describe("a change's answer nested deeper than the log can walk", () => {
  it('is kept masked or not kept, never thrown', () => {
    const secrets = ['key-1234-secret'];
    // From deep to shallow: the first, cold walks are the ones that overflowed.
    for (let depth = 4_300; depth >= 1_000; depth -= 100) {
      const deep = `${'['.repeat(depth)}"QQ123456C"${']'.repeat(depth)}`;
      const kept = keptBody(deep, secrets, { confidential: ['QQ123456C'] }).body?.text;
      expect(kept === tooDeepToCheck || kept?.includes(confidentialMask)).toBe(true);
      expect(kept).not.toContain('QQ123456C');
    }
  });
});
