import type { IncomingHttpHeaders } from 'node:http';
import { isSecretHeaderName, redactHeaders as redactFlat } from '../../../src-shared/redaction';

/** True when a header's value must not be stored: the shared rules plus this inbox's shared header. */
export function isSecretHeader(name: string, sharedHeaderName: string | null = null): boolean {
  return isSecretHeaderName(name, sharedHeaderName === null ? [] : [sharedHeaderName]);
}

/**
 * Flattens request headers to one string each (lower-case names, repeats joined with ", ") with
 * secret values replaced, ready to be stored and shown. The rules are src-shared/redaction.ts's.
 */
export function redactHeaders(
  headers: IncomingHttpHeaders,
  sharedHeaderName: string | null = null,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return redactFlat(flat, [], sharedHeaderName === null ? [] : [sharedHeaderName]);
}
