import { describe, expect, it } from 'vitest';
import {
  confirmProcess,
  confirmProcessType,
  liveConfirmationProblem,
} from '../../../src-shared/live-confirmation';

describe('liveConfirmationProblem', () => {
  const reference = confirmProcess({ externalReference: 'FT-000003' });

  it('lets every change through on a test tenant, typed or not', () => {
    expect(liveConfirmationProblem('test', reference, undefined)).toBeNull();
    expect(liveConfirmationProblem('test', reference, 'anything')).toBeNull();
  });

  it('on a live tenant wants the exact text, and says exactly what to type', () => {
    const sentence = 'Type the external reference FT-000003 exactly to confirm a change on a live tenant.';
    for (const typed of [undefined, '', 'ft-000003', ' FT-000003', 'FT-00000']) {
      expect(liveConfirmationProblem('live', reference, typed)).toBe(sentence);
    }
    expect(liveConfirmationProblem('live', reference, 'FT-000003')).toBeNull();
  });

  it('asks for the process type id to start a process', () => {
    const typeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';
    expect(liveConfirmationProblem('live', confirmProcessType(typeId), 'Report fly-tipping')).toBe(
      `Type the process type id ${typeId} exactly to confirm a change on a live tenant.`,
    );
    expect(liveConfirmationProblem('live', confirmProcessType(typeId), typeId)).toBeNull();
  });
});
