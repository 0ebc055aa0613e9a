import { confidentialMask } from './logs';
import { redactSpellings, redactText } from './redaction';

/**
 * A change's confidential field values wherever the service quotes them back: an error sentence
 * ("The value "QQ123456C" of field NINO is not valid"), a header, a field it does not mark
 * confidential. They are masked in what the console shows or keeps (the audit, the screen, the
 * request log), found by redaction.ts's rules as a secret is: in every spelling (a body cut at the
 * log's limit is never decoded, and a .NET service writes `ë` as `\u00EB`), and a value under 4
 * characters only where it stands alone, as it is. What main parses is never masked: a
 * completion's answer and read-back are compared with the values sent.
 */

/** `text` with each of `values` it quotes, however spelled, replaced by the confidential mask. */
export function maskQuoted(text: string, values: readonly string[]): string {
  // Most requests are not changes: they have no values, and their text is not searched at all.
  if (values.length === 0) return text;
  return redactSpellings(redactText(text, values, confidentialMask), values, confidentialMask);
}

/**
 * `headers` with each of `values` masked in their names and values: a copy when there are values,
 * else `headers` itself (a request that is no change pays nothing).
 */
export function maskQuotedInHeaders(
  headers: Record<string, string>,
  values: readonly string[],
): Record<string, string> {
  if (values.length === 0) return headers;
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [maskQuoted(name, values), maskQuoted(value, values)]),
  );
}

/**
 * A parsed JSON value with each of `values` masked in every string (key or value) and every
 * number written as one; `value` itself when none holds one. Masking the decoded strings, not the
 * text, finds a value however JSON escapes it and cannot break the JSON around a short one.
 */
export function maskQuotedInJson(value: unknown, values: readonly string[]): unknown {
  if (values.length === 0) return value;
  let found = false;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const masked = maskQuoted(node, values);
      if (masked !== node) found = true;
      return masked;
    }
    if (typeof node === 'number' && values.includes(String(node))) {
      found = true;
      return confidentialMask;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, inner]) => [walk(key) as string, walk(inner)]),
      );
    }
    return node;
  };
  const masked = walk(value);
  return found ? masked : value;
}
