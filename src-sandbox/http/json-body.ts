import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/api-error';

/**
 * Parses JSON bodies in the API's words. Fastify's own parser reports a prototype-pollution key
 * with the same error as broken syntax, so a client could not tell "remove __proto__" from "fix
 * your JSON"; this parser tells them apart. Keys are checked after parsing, on the parsed tree,
 * so an escaped spelling ("\u005f_proto__") is caught as well.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as ApiError, undefined);
    }
  });
}

/** The parsed body, or a 400 `invalid_json` / `forbidden_key`. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new ApiError(400, 'invalid_json', 'The body is empty; send a JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid JSON; check its syntax.');
  }
  const pending = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    const constructor = Object.hasOwn(record, 'constructor') ? record.constructor : undefined;
    if (
      Object.hasOwn(record, '__proto__') ||
      (constructor !== null && typeof constructor === 'object' && Object.hasOwn(constructor, 'prototype'))
    ) {
      throw new ApiError(
        400,
        'forbidden_key',
        'The body carries a forbidden key (__proto__, or constructor.prototype); remove it and send again.',
      );
    }
    // One at a time: spreading a large array into push() passes each element as an argument and
    // overflows the stack (a 200,000-element body answered 500 RangeError).
    for (const child of Object.values(record)) pending.push(child);
  }
  return value;
}
