import { describe, expect, it } from 'vitest';
import { processSummarySchema } from '../../../../../src-shared/process-summary';
import { parseAnswer } from '../../../../../src-main/core/client/parse';
import { makeProfile, processBody, step } from './helpers';

const profile = makeProfile('https://tenant.example.com');
const id = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const read = (body: unknown) =>
  parseAnswer(processSummarySchema, JSON.stringify(body), profile, 'reading a process by reference');

describe("a batch read's answer, validated as far as the batch keeps it", () => {
  it('reads the ids, status and steps of a whole process in either key casing', () => {
    const body = processBody(id, [step(id, 'One')]);
    const summary = read(body);
    expect(summary).toMatchObject({ processId: id, externalReference: body.externalReference });
    expect(summary.steps.map((s) => s.name)).toEqual(['One']);
    expect(read({ ProcessId: id, ...Object.fromEntries(Object.entries(body).slice(1)) }).processId).toBe(id);
  });

  it('still refuses a missing or mistyped value the batch keeps, naming it', () => {
    const body = processBody(id, [step(id, 'One')]);
    expect(() => read({ ...body, steps: [{ ...body.steps[0], completedOn: 'yesterday' }] })).toThrowError(
      /unexpected value at "steps\[0\]\.completedOn"/,
    );
    expect(() => read({ ...body, status: 7 })).toThrowError(/unexpected value at "status"/);
    const failedCall = { ...body.steps[0], restCall: { response: { status: 'bad' }, error: null } };
    expect(() => read({ ...body, steps: [failedCall] })).toThrowError(
      /steps\[0\]\.restCall\.response\.status/,
    );
  });
});
