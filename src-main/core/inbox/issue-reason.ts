import type { z } from 'zod';

/**
 * Turns the first zod issue into a sentence that names the key the way the sender wrote it
 * (`Documents[0].Links[0].Href is missing`), because the reason is shown to a person who has to
 * find that key in their own payload or settings.
 */
export function issueReason(issues: readonly z.core.$ZodIssue[], input: unknown): string {
  const issue = issues[0];
  if (!issue) return 'it is not valid';
  const where = keyPath(issue.path);
  const subject = where === '' ? 'The value' : where;
  if (issue.code === 'invalid_type') {
    const found = valueAt(input, issue.path);
    if (found === undefined) return `${subject} is missing`;
    return `${subject} must be ${article(issue.expected)} (found ${describeType(found)})`;
  }
  if (issue.code === 'unrecognized_keys') return `${subject} has unexpected keys: ${issue.keys.join(', ')}`;
  return `${subject} ${issue.message}`;
}

/** `['Documents', 0, 'Name']` → `Documents[0].Name`. */
export function keyPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function article(expected: string): string {
  if (expected === 'record' || expected === 'object') return 'an object';
  if (expected === 'array') return 'an array';
  return `a ${expected}`;
}
