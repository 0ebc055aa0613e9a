import { describe, expect, it } from 'vitest';
import { nextStepIndex, ruleMatches } from '../../../src-sandbox/engine/branching';
import type { ProcessTypeDefinition } from '../../../src-sandbox/seed/seed-schema';

const type: ProcessTypeDefinition = {
  processTypeId: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01',
  name: 'Report fly-tipping',
  referencePrefix: 'FT',
  customerAccountMandatory: false,
  steps: [
    {
      name: 'Assess',
      kind: 'Standard',
      rules: [
        { field: 'OUTCOME', operator: 'equals', value: 'Rejected', goTo: 'Tell' },
        { field: 'OUTCOME', operator: 'isEmpty', goTo: 'Assess' },
      ],
      endsProcess: false,
    },
    { name: 'Collect', kind: 'Standard', rules: [], endsProcess: true },
    { name: 'Tell', kind: 'Standard', rules: [], endsProcess: false },
  ],
};

describe('branching rules', () => {
  it('takes the first rule that matches, else the next step, else completes', () => {
    expect(nextStepIndex(type, 0, () => 'Rejected')).toBe(2);
    expect(nextStepIndex(type, 0, () => undefined)).toBe(0);
    expect(nextStepIndex(type, 0, () => 'Accepted')).toBe(1);
    expect(nextStepIndex(type, 1, () => 'Accepted')).toBeNull();
    expect(nextStepIndex(type, 2, () => 'Accepted')).toBeNull();
  });

  it('compares exactly and treats a missing field as empty', () => {
    const equals = { field: 'F', operator: 'equals' as const, value: 'Yes', goTo: 'X' };
    expect(ruleMatches(equals, 'Yes')).toBe(true);
    expect(ruleMatches(equals, 'yes')).toBe(false);
    expect(ruleMatches({ ...equals, operator: 'notEquals' }, undefined)).toBe(true);
    expect(ruleMatches({ ...equals, operator: 'isEmpty' }, '  ')).toBe(true);
    expect(ruleMatches({ ...equals, operator: 'isEmpty' }, 'x')).toBe(false);
  });
});
