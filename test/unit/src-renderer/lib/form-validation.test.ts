import { describe, expect, it } from 'vitest';
import { fieldInputSchema, startProcessInputSchema } from '../../../../src-shared/api';
import { formProblems } from '../../../../src-renderer/lib/form-validation';

const labels = { processTypeId: 'Process type id', name: 'Name', code: 'Code', fieldId: 'Field id' };
const field = {
  name: 'Outcome',
  code: 'OUTCOME',
  value: 'Accepted',
  fieldId: '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10',
};

describe('form validation with the contract schema', () => {
  it('finds nothing wrong with a field the contract accepts', () => {
    expect(formProblems(fieldInputSchema, field, labels).size).toBe(0);
  });

  it('gives the schema’s sentences, by input', () => {
    const problems = formProblems(
      fieldInputSchema,
      { ...field, name: ' ', code: '', fieldId: 'nope' },
      labels,
    );
    expect([...problems.keys()].sort()).toEqual(['code', 'fieldId', 'name']);
    const sentence = fieldInputSchema.shape.name.safeParse(' ').error!.issues[0]!.message;
    expect(problems.get('name')).toContain(sentence);
  });

  it('puts the label before a sentence that does not name its subject', () => {
    const problems = formProblems(fieldInputSchema, { ...field, fieldId: 'not-a-guid' }, labels);
    expect(problems.get('fieldId')).toMatch(/^Field id must be a GUID/);
  });

  it('validates the start form with the contract’s request schema, fields by index', () => {
    const problems = formProblems(
      startProcessInputSchema,
      { processTypeId: 'not-a-guid', fields: [field, { ...field, code: '' }] },
      labels,
    );
    expect(problems.get('processTypeId')).toMatch(/^Process type id must be a GUID/);
    expect([...problems.keys()]).toContain('fields.1.code');
    expect([...problems.keys()].some((path) => path.startsWith('fields.0.'))).toBe(false);
  });
});
