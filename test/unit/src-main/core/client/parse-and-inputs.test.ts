import { describe, expect, it } from 'vitest';
import { processSchema } from '../../../../../src-shared/api';
import { parseAnswer } from '../../../../../src-main/core/client/parse';
import { makeProfile, processBody, step } from './helpers';
import { valid } from '../../../../support/valid-input';

const profile = makeProfile('https://tenant.example.com');
const id = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';

describe('parsing answers', () => {
  it('tolerates extra keys', () => {
    const body = { ...processBody(id, [step(id, 'One')]), vendorExtra: { a: 1 } };
    expect(parseAnswer(processSchema, JSON.stringify(body), profile, 'reading a process').processId).toBe(id);
  });

  it('keeps the codes a step says its rules read, and drops them when they are not a list of codes', () => {
    const said = { ...step(id, 'One'), ruleFieldCodes: ['OUTCOME'] };
    const odd = { ...step(id, 'Two'), RuleFieldCodes: 'OUTCOME' };
    const parsed = parseAnswer(
      processSchema,
      JSON.stringify(processBody(id, [said, odd])),
      profile,
      'reading a process',
    );
    expect(parsed.steps.map((one) => one.ruleFieldCodes)).toEqual([['OUTCOME'], undefined]);
  });

  it('names a missing key by its path', () => {
    const steps = [step(id, 'a'), step(id, 'b'), step(id, 'c'), step(id, 'd')];
    const body = processBody(id, steps);
    delete (body.steps[3] as Partial<ReturnType<typeof step>>).stepId;
    expect(() => parseAnswer(processSchema, JSON.stringify(body), profile, 'reading a process')).toThrowError(
      /The service's answer to reading a process is missing "steps\[3\]\.stepId"/,
    );
  });

  it('names a mistyped key and says what is wrong', () => {
    const body = { ...processBody(id, []), status: 7 };
    expect(() => parseAnswer(processSchema, JSON.stringify(body), profile, 'reading a process')).toThrowError(
      /unexpected value at "status" \(.*expected string/,
    );
  });

  it('says when an answer is not JSON', () => {
    expect(() => parseAnswer(processSchema, '<html>login</html>', profile, 'reading a process')).toThrowError(
      /is HTML or XML, not JSON/,
    );
    expect(() => parseAnswer(processSchema, '', profile, 'reading a process')).toThrowError(/is empty/);
  });
});

describe('checking inputs at the door (the contract), before anything is sent', () => {
  const field = { name: 'Outcome', value: 'Rejected', fieldId: id, code: 'OUTCOME' };
  const checkFields = (fields: (typeof field)[], processId: string) =>
    valid('steps.complete', { processId, stepId: id, fields }).fields;

  it('names the row and offers the process id for a bad field id', () => {
    expect(() => checkFields([field, { ...field, code: 'REASON', fieldId: 'abc' }], id)).toThrowError(
      `Field 2 (REASON): Field id must be a GUID like 3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10; the process id ${id} is a valid choice.`,
    );
  });

  it('requires names and codes, and each code once', () => {
    expect(() => checkFields([{ ...field, name: ' ' }], id)).toThrowError(
      'Field 1 (OUTCOME): Name is required.',
    );
    expect(() => checkFields([{ ...field, code: '' }], id)).toThrowError('Field 1: Code is required.');
    expect(() => checkFields([field, field], id)).toThrowError(
      /Field 2 \(OUTCOME\): the code OUTCOME is already used by field 1/,
    );
  });

  it('fills defaults for a good field', () => {
    expect(checkFields([field], id)).toEqual([
      { ...field, description: '', fieldType: 'Text', confidential: false },
    ]);
  });

  it('checks ids and start requests', () => {
    expect(() => valid('processes.get', { processId: 'FT-000003' })).toThrowError(
      /The process id "FT-000003" is not a GUID/,
    );
    expect(() =>
      valid('processes.start', { processTypeId: id, fields: [{ ...field, fieldId: 'x' }] }),
    ).toThrowError(/Field 1 \(OUTCOME\): Field id must be a GUID/);
    expect(() => valid('processes.start', { processTypeId: 'nope' })).toThrowError(
      /The process type id must be a GUID/,
    );
  });

  it('accepts 500 fields of 10,000 characters, and no more in all', () => {
    const many = Array.from({ length: 500 }, (_, index) => ({
      ...field,
      code: `F${index}`,
      value: 'x'.repeat(10_000),
    }));
    expect(checkFields(many, id)).toHaveLength(500);
    many[0]!.value = 'x'.repeat(10_001);
    expect(() => checkFields(many, id)).toThrowError(/at most 5,000,000 can be sent at once/);
  });
});

describe('reading the answers a tenant actually sends', () => {
  const read = (body: unknown) =>
    parseAnswer(processSchema, JSON.stringify(body), profile, 'reading a process');
  const pascal = {
    ProcessId: id,
    ProcessTypeId: id,
    ExternalReference: 'FT-000003',
    Status: 'InProgress',
    StartedDate: '2026-06-03T09:14:22.1234567',
    Steps: [
      { StepId: id, Kind: 'Standard', Name: 'Review', StartedOn: '2026-06-03T09:14:22Z', CompletedOn: null },
    ],
    Notes: null,
  };

  it('reads PascalCase names and null or missing optional fields', () => {
    const process = read(pascal);
    expect(process.processId).toBe(id);
    expect(process.steps[0]!.name).toBe('Review');
    expect(process).toMatchObject({
      notes: [],
      documents: [],
      fields: [],
      location: null,
      completedDate: null,
    });
  });

  it('reads dates with or without a zone or a fraction of a second', () => {
    for (const date of [
      '2026-06-03T09:14:22',
      '2026-06-03T09:14:22.1234567',
      '2026-06-03T09:14:22.123Z',
      '2026-06-03T09:14:22+01:00',
      '2026-06-03T09:14',
    ]) {
      expect(read({ ...pascal, StartedDate: date }).startedDate).toBe(date);
    }
    expect(() => read({ ...pascal, StartedDate: 'yesterday' })).toThrowError(
      /unexpected value at "startedDate" \(must be an ISO 8601 date and time/,
    );
  });

  it('still names a missing field the console relies on, in its camelCase name', () => {
    const { CompletedOn: _dropped, ...step } = pascal.Steps[0]!;
    expect(() => read({ ...pascal, Steps: [step] })).toThrowError(/is missing "steps\[0\]\.completedOn"/);
  });

  it('refuses an answer that spells a key two ways with different values', () => {
    expect(() => read({ ...pascal, processId: '00000000-0000-0000-0000-000000000000' })).toThrowError(
      /spells a key two ways: "ProcessId" and "processId" are both present with different values/,
    );
  });
});
