import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calls } from '../../../../../src-shared/contract';
import { createAuditLog } from '../../../../../src-main/core/audit/audit-log';
import { usedFieldSets } from '../../../../../src-main/core/presets/used-field-sets';
import { intent, outcome } from '../audit/audit-fixtures';

/*
 * Review finding (s26): a batch keeps a step's name exactly as the service wrote it, but the
 * presets contract trimmed it and capped it at 500 characters. The audit records a completion under
 * the name as written, so the field sets used before on a step "Back office assessment " were never
 * offered, and a step name over 500 characters was refused, the presets bar showing an error.
 */

const dir = mkdtempSync(join(tmpdir(), 'pc-step-presets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const processTypeId = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';
const fields = [
  {
    name: 'Outcome',
    code: 'OUTCOME',
    fieldId: processTypeId,
    fieldType: 'text',
    value: 'Approved',
    confidential: false,
  },
];

describe('the presets of a step named as the service wrote it', () => {
  it('offers the field sets used before on a step whose name ends in a space, or is over 500 characters', async () => {
    const audit = createAuditLog(dir);
    for (const [n, stepName] of ['Back office assessment ', `Assessment ${'x'.repeat(600)}`].entries()) {
      await audit.intent(intent(`a${n}`, { profileId: 'profile-a', processTypeId, stepName, fields }));
      await audit.outcome(outcome(`a${n}`));
      const asked = calls['presets.list'].input.parse({
        profileId: '6b1f3c2a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        processTypeId,
        stepName,
      }) as { stepName: string };
      expect(asked.stepName).toBe(stepName);
      const used = await usedFieldSets(audit, 'profile-a', processTypeId, asked.stepName);
      expect(used.map((preset) => preset.fields.map((field) => [field.code, field.value]))).toEqual([
        [['OUTCOME', 'Approved']],
      ]);
    }
  });
});
