import type { z } from 'zod';

/** How many characters or items, in the house's number format. */
const count = (value: unknown) => (typeof value === 'number' ? value : Number(value)).toLocaleString('en');

/**
 * zod's global error map (set by the renderer's zod-config.ts and by main's door; this
 * module imports no schema, so setting it builds none before zod is configured): a sentence for
 * every issue a schema leaves unworded, in place of zod's defaults ("Invalid input: expected number,
 * received NaN"), which name no field and say nothing of what to do. A schema's own message wins.
 */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return 'enter a number';
      if (issue.input === undefined) return 'is required';
      return `enter ${issue.expected === 'string' ? 'text' : `a ${issue.expected}`}`;
    case 'too_big': {
      const max = count(issue.maximum);
      if (issue.origin === 'string' && typeof issue.input === 'string') {
        return `is ${count(issue.input.length)} characters long; shorten it to ${max} or fewer`;
      }
      if (issue.origin === 'array') return `at most ${max} can be sent at once`;
      return `enter a number no larger than ${max}`;
    }
    case 'too_small': {
      const min = count(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'is required' : `enter at least ${min} characters`;
      if (issue.origin === 'array') return `add at least ${min}`;
      return `enter a number no smaller than ${min}`;
    }
    case 'invalid_format':
      return issue.format === 'uuid' || issue.format === 'guid'
        ? 'must be a GUID'
        : `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return undefined;
  }
}
