import { presetLimits, type FieldPreset } from '../../../src-shared/calls-presets';
import type { AuditLog } from '../audit/audit-log';
import { withoutConfidentialValues } from './preset-store';

/** Completions read from the audit per question: enough to find a handful of distinct sets. */
const completionsRead = 500;

/**
 * The field sets of earlier successful completions of a step (same name, same process type, same
 * profile), newest first and each distinct set once, read from the audit log. The audit already
 * masks confidential values; they are left out here too, so a mask is never offered as a value.
 */
export async function usedFieldSets(
  audit: Pick<AuditLog, 'page'>,
  profileId: string,
  processTypeId: string,
  stepName: string,
): Promise<FieldPreset[]> {
  const page = await audit.page({
    profileId,
    action: 'step.complete',
    outcome: 'succeeded',
    text: stepName,
    limit: completionsRead,
  });
  const seen = new Set<string>();
  const sets: FieldPreset[] = [];
  for (const { intent } of page.records) {
    if (intent.stepName !== stepName || intent.processTypeId !== processTypeId) continue;
    if (intent.fields.length === 0) continue;
    const fields = withoutConfidentialValues(
      intent.fields.map(({ name, code, value, confidential }) => ({ name, code, value, confidential })),
    );
    const key = JSON.stringify(fields.map((field) => [field.code, field.value]));
    if (seen.has(key)) continue;
    seen.add(key);
    sets.push({
      presetId: `used:${sets.length + 1}`,
      name: fields
        .filter((field) => !field.confidential)
        .map((field) => `${field.code} = ${field.value}`)
        .join(', '),
      processTypeId,
      stepName,
      fields,
      at: intent.at,
      source: 'used',
    });
    if (sets.length >= presetLimits.usedOffered) break;
  }
  return sets;
}
