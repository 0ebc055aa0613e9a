import type { IncomingHttpHeaders } from 'node:http';

/** What a stored header value becomes when it may be a secret (the reference service's word). */
export const redactedValue = '[redacted]';

const alwaysSecret = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-api-secret',
]);
// Names like X-Back-Office-Key or X-Auth-Token: a rehearsal must not copy a real credential to disk.
const secretWords = /secret|token|password|passwd|key|auth|session|signature/i;

/** True when a header's value must not be stored: the known ones, the shared header, secret-looking names. */
export function isSecretHeader(name: string, sharedHeaderName: string | null = null): boolean {
  const lower = name.toLowerCase();
  if (alwaysSecret.has(lower) || secretWords.test(lower)) return true;
  return sharedHeaderName !== null && lower === sharedHeaderName.toLowerCase();
}

/**
 * Flattens request headers to one string each (lower-case names, repeats joined with ", ") with
 * secret values replaced, ready to be stored and shown.
 */
export function redactHeaders(
  headers: IncomingHttpHeaders,
  sharedHeaderName: string | null = null,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(', ') : value;
    flat[name.toLowerCase()] = isSecretHeader(name, sharedHeaderName) ? redactedValue : joined;
  }
  return flat;
}
