import { describe, expect, it } from 'vitest';
import { camelKeys, KeySpellingConflict, pascalKeys } from '../../../src-shared/answer-keys';

describe('folding key casing', () => {
  it('reads PascalCase keys as camelCase, deep in arrays and objects', () => {
    const folded = camelKeys({ ProcessId: 'p', Steps: [{ StepId: 's', CompletedOn: null }], notes: [] });
    expect(folded).toEqual({ processId: 'p', steps: [{ stepId: 's', completedOn: null }], notes: [] });
  });

  it('hands back an answer already in camelCase as it is, and keeps key order where it renames', () => {
    const answer = { processId: 'p', steps: [{ stepId: 's', fields: [{ code: 'A' }] }] };
    expect(camelKeys(answer)).toBe(answer);
    const mixed = { processId: 'p', Status: 'open', steps: [{ stepId: 's' }, { StepId: 't' }] };
    const folded = camelKeys(mixed) as { steps: unknown[] };
    expect(Object.keys(folded)).toEqual(['processId', 'status', 'steps']);
    expect(folded.steps).toEqual([{ stepId: 's' }, { stepId: 't' }]);
    expect(folded.steps[0]).toBe(mixed.steps[0]);
    expect(mixed).toEqual({ processId: 'p', Status: 'open', steps: [{ stepId: 's' }, { StepId: 't' }] });
  });

  it('writes camelCase keys as PascalCase, the vendor dialect', () => {
    expect(pascalKeys({ processId: 'p', steps: [{ stepId: 's' }] })).toEqual({
      ProcessId: 'p',
      Steps: [{ StepId: 's' }],
    });
  });

  it("keeps a recorded call's header names and body as they are", () => {
    const call = { RestCall: { Request: { Headers: { 'Content-Type': 'x' }, Body: { SubscriptionId: 1 } } } };
    expect(camelKeys(call)).toEqual({
      restCall: { request: { headers: { 'Content-Type': 'x' }, body: { SubscriptionId: 1 } } },
    });
  });

  it('accepts both spellings of one key when they agree', () => {
    expect(camelKeys({ processId: 'p', ProcessId: 'p' })).toEqual({ processId: 'p' });
  });

  it('refuses both spellings with different values, naming them and where', () => {
    let thrown: unknown;
    try {
      camelKeys({ steps: [{ stepId: 'a' }, { stepId: 'b', StepId: 'c' }] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KeySpellingConflict);
    expect((thrown as KeySpellingConflict).path).toEqual(['steps', 1]);
    expect((thrown as KeySpellingConflict).message).toBe(
      '"stepId" and "StepId" are both present with different values',
    );
  });

  it('keeps a "__proto__" key a plain key', () => {
    const folded = camelKeys(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(folded)).toEqual(['__proto__']);
  });
});
