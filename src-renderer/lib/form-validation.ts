import type { z } from 'zod';

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
    const label = labels[String(issue.path.at(-1) ?? '')];
    const message = issue.message;
    problems.set(path, label && /^[a-z]/.test(message) ? `${label} ${message}` : message);
  }
  return problems;
}
