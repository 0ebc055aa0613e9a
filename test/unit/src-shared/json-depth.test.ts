import { describe, expect, it } from 'vitest';
import { maxJsonDepth, nestedDeeperThan } from '../../../src-shared/json-depth';

function nested(levels: number): unknown {
  return JSON.parse('[{"a":'.repeat(levels / 2) + '1' + '}]'.repeat(levels / 2));
}

describe('nestedDeeperThan', () => {
  it('takes 64 levels of objects and arrays and refuses 66, scalars counting for none', () => {
    expect(maxJsonDepth).toBe(64);
    expect(nestedDeeperThan(1)).toBe(false);
    expect(nestedDeeperThan(nested(64))).toBe(false);
    expect(nestedDeeperThan(nested(66))).toBe(true);
    expect(nestedDeeperThan({ wide: Array.from({ length: 100_000 }, (_, i) => ({ i })) })).toBe(false);
  });

  it('answers for a million levels without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(1_000_000) + ']'.repeat(1_000_000)) as unknown;
    expect(nestedDeeperThan(deep)).toBe(true);
  });
});
