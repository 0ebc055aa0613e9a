import { z } from 'zod';
import {
  fieldInputSchema,
  guid,
  noteInputSchema,
  startProcessInputSchema,
  type FieldInput,
} from '../../../src-shared/api';
import { Failure } from '../failure';
import { formatPath } from './parse';

/**
 * Checks what the user typed before anything is sent, with sentences that name the field and
 * its row, so a mistake costs no request and leaves nothing half-done on the service.
 */

/** A field as validated for sending. */
export type ValidField = z.output<typeof fieldInputSchema>;

/** Checks an id (process, step, document) is a GUID; `label` names it in the sentence. */
export function checkId(value: string, label: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new Failure('invalid_input', `The ${label} is empty; enter one and try again.`);
  if (!guid.safeParse(trimmed).success) {
    throw new Failure(
      'invalid_input',
      `The ${label} "${clip(trimmed)}" is not a GUID like 3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10.`,
    );
  }
  return trimmed;
}

/** Checks a caller's intent id: a UUID, since it becomes the Idempotency-Key the service keeps. */
export function checkIntentId(value: string): string {
  if (!guid.safeParse(value).success) {
    throw new Failure(
      'invalid_input',
      'The intent id must be a UUID (one per user action); leave it out to have one made.',
    );
  }
  return value;
}

/** Checks an external reference is not empty. */
export function checkReference(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '')
    throw new Failure('invalid_input', 'The external reference is empty; enter one like FT-000042.');
  return trimmed;
}

/**
 * Checks the fields of a completion: every `fieldId` a GUID (the process id is offered as a valid
 * choice, since the API accepts any GUID), names and codes non-empty, codes not repeated.
 */
export function checkFields(fields: readonly FieldInput[], processId: string | null): ValidField[] {
  const seen = new Map<string, number>();
  return fields.map((field, index) => {
    const row = `Field ${index + 1}${field.code?.trim() ? ` (${field.code.trim()})` : ''}`;
    const parsed = fieldInputSchema.safeParse(field);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = formatPath(issue.path);
      const hint = key === 'fieldId' && processId ? `; the process id ${processId} is a valid choice` : '';
      throw new Failure('invalid_input', `${row}: ${describeIssue(key, issue.message)}${hint}.`);
    }
    const code = parsed.data.code.trim();
    const earlier = seen.get(code);
    if (earlier !== undefined) {
      throw new Failure(
        'invalid_input',
        `${row}: the code ${code} is already used by field ${earlier + 1}; each code may appear once.`,
      );
    }
    seen.set(code, index);
    return { ...parsed.data, name: parsed.data.name.trim(), code };
  });
}

/** Checks a note's contents. */
export function checkNote(note: {
  contents: string;
  visibleToAccounts?: boolean;
}): z.output<typeof noteInputSchema> {
  const parsed = noteInputSchema.safeParse(note);
  if (!parsed.success) throw new Failure('invalid_input', `Note: ${parsed.error.issues[0]!.message}.`);
  return parsed.data;
}

/** Checks a start-process request; the sentence names the field and its row. */
export function checkStart(
  input: z.input<typeof startProcessInputSchema>,
): z.output<typeof startProcessInputSchema> {
  const parsed = startProcessInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [section, row, key] = issue.path;
  if (section === 'fields' && typeof row === 'number') {
    const code = input.fields?.[row]?.code?.trim();
    const where = `Field ${row + 1}${code ? ` (${code})` : ''}`;
    throw new Failure('invalid_input', `${where}: ${describeIssue(String(key ?? ''), issue.message)}.`);
  }
  if (section === 'processTypeId')
    throw new Failure('invalid_input', `The process type id ${issue.message}.`);
  throw new Failure('invalid_input', `${formatPath(issue.path) || 'The request'}: ${issue.message}.`);
}

/** `fieldId` + 'must be a GUID…' -> 'Field id must be a GUID…'; a message that names its key stays as is. */
function describeIssue(key: string, message: string): string {
  const labels: Record<string, string> = { fieldId: 'Field id', fieldType: 'Field type' };
  const label = labels[key] ?? (key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Value');
  if (message.startsWith('must')) return `${label} ${message}`;
  return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
