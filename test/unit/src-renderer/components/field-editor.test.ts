import { describe, expect, it } from 'vitest';
import { newRow, refusedRows, validateRows } from '../../../../src-renderer/components/field-editor';
import { batchFieldsInput } from '../../../../src-shared/calls-batches';
import { limits } from '../../../../src-shared/limits';

const row = (code: string, value = 'Accepted') => newRow({ name: 'Outcome', code, value });

describe('the field editor’s rows, checked as main checks them', () => {
  it('finds nothing wrong with rows main accepts', () => {
    const problems = validateRows([row('OUTCOME'), row('REFERENCE')]);
    expect(problems.rows.size).toBe(0);
    expect(problems.all).toBeNull();
  });

  it('shows a repeated code on the row that repeats it, naming the first', () => {
    const rows = [row('OUTCOME'), row('REFERENCE'), row(' OUTCOME ')];
    const problems = validateRows(rows);
    expect([...problems.rows.keys()]).toEqual([rows[2]!.key]);
    expect(problems.rows.get(rows[2]!.key)).toEqual({
      code: 'the code OUTCOME is already used by field 1; each code may appear once',
    });
    expect(problems.all).toBeNull();
  });

  it('keeps each row’s own problems by input', () => {
    const rows = [row('OUTCOME'), newRow({ name: ' ', code: '', fieldId: 'nope' })];
    const problems = validateRows(rows);
    expect(Object.keys(problems.rows.get(rows[1]!.key)!).sort()).toEqual(['code', 'fieldId', 'name']);
    expect(problems.rows.has(rows[0]!.key)).toBe(false);
  });

  it('says when the values together are more than can be sent at once', () => {
    const count = Math.floor(limits.fieldValuesTotal / limits.fieldValue) + 1;
    const rows = Array.from({ length: count }, (_, index) =>
      row(`CODE${index}`, 'x'.repeat(limits.fieldValue)),
    );
    const problems = validateRows(rows);
    expect(problems.rows.size).toBe(0);
    expect(problems.all).toMatch(
      /^The field values add up to .* characters; at most 5,000,000 can be sent at once$/,
    );
  });

  it('takes {processId} as a field id for a batch, as batches.run does, and nowhere else', () => {
    const rows = [newRow({ name: 'Outcome', code: 'OUTCOME', value: 'Accepted', fieldId: '{processId}' })];
    expect(validateRows(rows, batchFieldsInput).rows.size).toBe(0);
    expect(Object.keys(validateRows(rows).rows.get(rows[0]!.key)!)).toEqual(['fieldId']);
    const wrong = [newRow({ name: 'Outcome', code: 'OUTCOME', fieldId: '{processid}' })];
    expect(Object.keys(validateRows(wrong, batchFieldsInput).rows.get(wrong[0]!.key)!)).toEqual(['fieldId']);
  });
});

describe('the service’s refusal of rows as sent', () => {
  const sent = [row('OUTCOME'), row('NOTES', 'x'.repeat(20))];

  it('puts each refusal on the input it names, by position, labelled as the form labels it', () => {
    const refused = refusedRows(
      [
        { index: 1, input: 'value', message: 'must be at most 10 characters' },
        { index: 1, input: 'value', message: 'A second word on it.' },
        { index: 0, input: 'fieldId', message: 'The FieldId field is required.' },
        { index: 0, input: 'fieldType', message: 'Unknown type.' },
        { index: 7, input: 'value', message: 'No such row.' },
      ],
      sent,
      sent,
    );
    expect(refused.get(sent[1]!.key)).toEqual({
      value: 'The service said: Value must be at most 10 characters',
    });
    expect(refused.get(sent[0]!.key)).toEqual({
      fieldId: 'The service said: The FieldId field is required.',
      row: 'The service said: Unknown type.',
    });
    expect(refused.size).toBe(2);
  });

  it('drops a refusal once its input, or for the whole field its row, is edited or removed', () => {
    const errors = [
      { index: 1, input: 'value', message: 'Too long.' },
      { index: 0, input: null, message: 'Not this one.' },
    ];
    const edited = [
      { ...sent[0]!, name: 'Result' },
      { ...sent[1]!, code: 'CREWNOTES' },
    ];
    expect(refusedRows(errors, sent, edited).get(sent[1]!.key)).toEqual({
      value: 'The service said: Too long.',
    });
    expect(refusedRows(errors, sent, edited).has(sent[0]!.key)).toBe(false);
    expect(refusedRows(errors, sent, [{ ...sent[1]!, value: 'short' }]).size).toBe(0);
  });
});
