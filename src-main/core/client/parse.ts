import type { z } from 'zod';
import { AnswerTooDeep, camelKeys, KeySpellingConflict } from '../../../src-shared/answer-keys';
import type { Profile } from '../../../src-shared/profile';
import { ClientFailure } from './client-failure';

/**
 * Parses a 2xx answer into a contract type (STYLE rule 7: parse at the edge). Keys are read in
 * camelCase or PascalCase (a tenant's casing is not published), extra keys are tolerated; a missing
 * or mistyped key is `bad_response` naming it, e.g. `steps[3].stepId`.
 */
export function parseAnswer<S extends z.ZodType>(
  schema: S,
  text: string,
  profile: Pick<Profile, 'name'>,
  operation: string,
  /** `text` already parsed where the answer arrived (transport.ts); parsed here when absent. */
  preParsed?: unknown,
): z.output<S> {
  const advice = `Check the base URL and endpoint map of profile "${profile.name}".`;
  let raw: unknown = preParsed;
  try {
    if (raw === undefined) raw = JSON.parse(text);
  } catch {
    const start = text.trimStart().slice(0, 1);
    const what = text.trim() === '' ? 'empty' : start === '<' ? 'HTML or XML, not JSON' : 'not valid JSON';
    throw new ClientFailure(
      'bad_response',
      `The service's answer to ${operation} is ${what}; it may not be the Process Integration API. ${advice}`,
    );
  }
  let json: unknown;
  try {
    json = camelKeys(raw);
  } catch (error) {
    if (error instanceof AnswerTooDeep) {
      throw new ClientFailure(
        'bad_response',
        `The service's answer to ${operation}: ${error.message}. ${advice}`,
      );
    }
    if (!(error instanceof KeySpellingConflict)) throw error;
    const where = error.path.length === 0 ? '' : ` at "${formatPath(error.path)}"`;
    throw new ClientFailure(
      'bad_response',
      `The service's answer to ${operation} spells a key two ways${where}: ${error.message}, so the console cannot tell which is meant. ${advice}`,
    );
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue ? formatPath(issue.path) : '';
  const missing = issue !== undefined && path !== '' && valueAt(json, issue.path) === undefined;
  const detail =
    path === ''
      ? `is not the expected ${Array.isArray(json) ? 'object' : 'shape'} (${issue?.message ?? 'unknown problem'})`
      : missing
        ? `is missing "${path}"`
        : `has an unexpected value at "${path}" (${issue?.message ?? 'unknown problem'})`;
  throw new ClientFailure(
    'bad_response',
    `The service's answer to ${operation} ${detail}; the service may be a different version of the API. ${advice}`,
  );
}

/** `['steps', 3, 'stepId']` -> `steps[3].stepId`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
