import { randomUUID } from 'node:crypto';
import type { Field } from '../domain/api-types';
import type { RestStepDefinition } from '../seed/seed-schema';

/**
 * Reads a dotted path (`result.case.reference`, `items.0.id`) from parsed JSON. Only own
 * properties are followed, so a path cannot reach `__proto__` or a prototype's members.
 */
export function readPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * The fields a REST API step's response sets through the step's mapping. A path that is absent
 * or null sets nothing; a number, boolean, object or array is stored as its JSON text.
 */
export function mapResponse(mapping: RestStepDefinition['responseMapping'], body: unknown): Field[] {
  const fields: Field[] = [];
  for (const entry of mapping) {
    const found = readPath(body, entry.path);
    if (found === undefined || found === null) continue;
    fields.push({
      name: entry.name ?? entry.code,
      value: typeof found === 'string' ? found : JSON.stringify(found),
      fieldId: randomUUID(),
      code: entry.code,
      description: `Set from the REST API step's response (${entry.path})`,
      fieldType: 'Text',
      confidential: false,
    });
  }
  return fields;
}
