import { describe, expect, it } from 'vitest';
import { newRow } from '../../../../../src-renderer/components/field-editor';
import { addOffers } from '../../../../../src-renderer/features/complete-step/step-field-sources';

const processId = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const nino = {
  name: 'National Insurance number',
  value: 'QQ123456A',
  fieldId: '11111111-1111-4111-8111-111111111111',
  code: 'NINO',
  description: '',
  fieldType: 'Text',
  confidential: true,
};

describe('adding offered fields to the editor', () => {
  it('fills name, current value and confidential flag from the process, with the process id as field id', () => {
    const [row] = addOffers([], [{ code: 'NINO', field: nino }], processId);
    expect(row).toMatchObject({
      name: 'National Insurance number',
      code: 'NINO',
      value: 'QQ123456A',
      fieldId: processId,
      confidential: true,
    });
  });

  it('names a code the process does not have yet by the code, with an empty value', () => {
    const [row] = addOffers([], [{ code: 'OUTCOME', field: undefined }], processId);
    expect(row).toMatchObject({ name: 'OUTCOME', code: 'OUTCOME', value: '', confidential: false });
  });

  it('leaves a code already in a row as the user set it, and drops rows left wholly empty', () => {
    const typed = newRow({ name: 'Outcome', code: 'OUTCOME', value: 'Rejected' });
    const rows = addOffers(
      [newRow(), typed],
      [
        { code: 'OUTCOME', field: undefined },
        { code: 'NINO', field: nino },
      ],
      processId,
    );
    expect(rows.map((row) => [row.code, row.value])).toEqual([
      ['OUTCOME', 'Rejected'],
      ['NINO', 'QQ123456A'],
    ]);
  });
});
