import { confidentialSpots, maskedCopy } from './confidential-values';
import { confidentialMask, type LoggedBody } from './logs';
import { redactBody } from './redaction';

/**
 * How the request log keeps a request's or an answer's body: secrets cleaned out (redaction.ts),
 * confidential field values masked, JSON pretty-printed, and at most {@link loggedBodyLimit}
 * characters, so one large document answer cannot fill the console's memory.
 */

/** Characters of one body the log keeps; the rest is cut and the entry says so. */
export const loggedBodyLimit = 64 * 1024;

/** A body as the log keeps it, and the process it names (its id and reference), when it names one. */
export function logBody(
  text: string | undefined,
  secrets: readonly string[],
  /** The body's size in bytes when the caller has it (counting 13 MiB again is a waste). */
  knownBytes?: number,
  /**
   * `text` was already cleaned by `redactBody` with these same `secrets` (the client's answer):
   * cleaning it again finds nothing and, per answer of a batch read, costs a parse and a walk.
   */
  cleaned = false,
): { body: LoggedBody | null; processRefs: string[] } {
  if (text === undefined || text.length === 0) return { body: null, processRefs: [] };
  const bytes = knownBytes ?? new TextEncoder().encode(text).length;
  // A larger body (a document's base64) is not parsed: it is cut as it came, which is cheap.
  if (text.length > loggedBodyLimit) {
    const cut = redactBody(text.slice(0, loggedBodyLimit), secrets);
    return { body: { text: cut, bytes, truncated: true }, processRefs: [] };
  }
  const clean = cleaned ? text : redactBody(text, secrets);
  let parsed: unknown;
  try {
    parsed = JSON.parse(clean);
  } catch {
    return { body: { text: clean, bytes, truncated: false }, processRefs: [] };
  }
  const pretty = JSON.stringify(maskConfidential(parsed), null, 2);
  const truncated = pretty.length > loggedBodyLimit;
  return {
    body: { text: truncated ? pretty.slice(0, loggedBodyLimit) : pretty, bytes, truncated },
    processRefs: processRefsOf(parsed),
  };
}

/**
 * A copy with the values of confidential fields masked: the codes marked `confidential: true`
 * anywhere in the body, then every value under those codes (a REST step's payload quotes them too).
 */
export function maskConfidential(value: unknown): unknown {
  const codes = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const code = record.code ?? record.Code;
    if (record.confidential === true && typeof code === 'string') codes.add(code);
    Object.values(record).forEach(collect);
  };
  collect(value);
  // Most bodies have no confidential field: copying them path by path is the request log's
  // largest cost in a batch read, and without codes there is nothing to mask.
  if (codes.size === 0) return value;
  return maskedCopy(value, confidentialSpots(value, codes), confidentialMask);
}

/** The process id and external reference a process answer (or a completion's `process`) carries. */
function processRefsOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const record = value as Record<string, unknown>;
  const refs = [record.processId, record.externalReference].filter(
    (ref): ref is string => typeof ref === 'string' && ref.length > 0,
  );
  return refs.length > 0 ? refs : record.process ? processRefsOf(record.process) : [];
}
