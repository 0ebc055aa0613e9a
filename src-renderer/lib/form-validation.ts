import type { z } from 'zod';
import { labelled } from '../../src-shared/input-errors';

/** A form's problems by the path of the input they belong to, e.g. `fields.0.code`. */
export type FormProblems = Map<string, string>;

/**
 * Checks a form's values with the contract's schema (STYLE rule 18: the rule and its sentence
 * live there) and returns each input's first problem, labelled for the person reading it.
 * `labels` names inputs by their last path segment: a sentence that starts in lower case ("must
 * be a GUID …") gets the label in front; one that names its subject already ("Name is required")
 * is kept as written.
 */
export function formProblems(
  schema: z.ZodType,
  values: unknown,
  labels: Record<string, string>,
): FormProblems {
  const problems: FormProblems = new Map();
  const parsed = schema.safeParse(values);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (problems.has(path)) continue;
    problems.set(path, labelled(labels[String(issue.path.at(-1) ?? '')], issue.message));
  }
  return problems;
}

/** A number typed as text: blank is NaN (not 0, as `Number('')` would make it), so it is refused. */
export function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}
