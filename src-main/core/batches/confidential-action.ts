import { confidentialSpots, maskedCopy } from '../../../src-shared/confidential-values';
import { confidentialMask } from '../../../src-shared/logs';
import { Failure } from '../failure';
import type { BatchActionInput } from './batch-action';

/**
 * Confidential field values of a run never reach the batches' database (its pages or its WAL):
 * the job and the journal store the action with those values replaced by the mask, and the values
 * live in main-process memory for the run only. After a restart they are gone, so the run waits
 * for them to be given again, and a masked value is never sent to the service.
 */

/** The values of a run's confidential fields, by field code. */
export type ConfidentialValues = ReadonlyMap<string, string>;

/** The action as it may be stored: each confidential field's value replaced by the mask. */
export function storableAction(action: BatchActionInput): BatchActionInput {
  return maskStoredValues(action) as BatchActionInput;
}

/**
 * Any stored value (an action as this version or an earlier one wrote it) with the value of each
 * field marked confidential replaced by the mask, by the rule every view masks with.
 */
export function maskStoredValues(value: unknown): unknown {
  return maskedCopy(value, confidentialSpots(value, new Set()), confidentialMask);
}

/** The codes of the action's confidential fields, in the order given. */
export function confidentialCodesOf(action: BatchActionInput): string[] {
  return action.kind === 'complete'
    ? action.fields.filter((field) => field.confidential).map((field) => field.code)
    : [];
}

/** The values of the action's confidential fields (kept in memory while its run lasts). */
export function confidentialValuesOf(action: BatchActionInput): Map<string, string> {
  return new Map(
    action.kind === 'complete'
      ? action.fields.filter((field) => field.confidential).map((field) => [field.code, field.value])
      : [],
  );
}

/** The codes of `action` whose values `known` lacks. */
export function missingCodes(action: BatchActionInput, known: ConfidentialValues | undefined): string[] {
  return confidentialCodesOf(action).filter((code) => !known?.has(code));
}

/**
 * The stored action with its confidential values put back from memory. Throws (and so sends
 * nothing) when one is missing: the mask must never go to the service as a field's value.
 */
export function fullAction(
  stored: BatchActionInput,
  known: ConfidentialValues | undefined,
): BatchActionInput {
  if (stored.kind !== 'complete') return stored;
  const missing = missingCodes(stored, known);
  if (missing.length > 0) throw new Failure('invalid_input', askForValues(missing));
  return {
    ...stored,
    fields: stored.fields.map((field) =>
      field.confidential ? { ...field, value: known!.get(field.code)! } : field,
    ),
  };
}

/** The sentence a run waits with while the values of confidential fields are not in memory. */
export function askForValues(codes: readonly string[]): string {
  const named = codes.map((code) => `"${code}"`).join(', ');
  const one = codes.length === 1;
  return (
    `This run completes the step with confidential ${one ? 'field' : 'fields'} ${named}, whose ` +
    `${one ? 'value is' : 'values are'} kept only in memory and ${one ? 'is' : 'are'} no longer there. ` +
    `Resume with the ${one ? 'value' : 'values'} of ${named} again; nothing is sent without ${one ? 'it' : 'them'}.`
  );
}

/**
 * The values given to `batches.resume` for the codes the run needs. The whole field list may be
 * given again (the editor holds it); a code the run does not send at all is refused, so a value
 * typed for the wrong field is not silently dropped.
 */
export function valuesFromResume(
  runCodes: ReadonlySet<string>,
  needed: readonly string[],
  given: readonly { code: string; value: string }[],
): Map<string, string> {
  const stray = given.filter((field) => !runCodes.has(field.code)).map((field) => `"${field.code}"`);
  if (stray.length > 0) {
    throw new Failure(
      'invalid_input',
      `This run sends no field ${stray.join(', ')}; give the ${needed.length === 1 ? 'value' : 'values'} of ${needed.map((code) => `"${code}"`).join(', ')}.`,
    );
  }
  const values = new Map(given.filter((field) => needed.includes(field.code)).map((f) => [f.code, f.value]));
  const missing = needed.filter((code) => !values.has(code));
  if (missing.length > 0) throw new Failure('invalid_input', askForValues(missing));
  return values;
}

/** Every field code the action sends. */
export function codesOf(action: BatchActionInput): string[] {
  return action.kind === 'complete' ? action.fields.map((field) => field.code) : [];
}
