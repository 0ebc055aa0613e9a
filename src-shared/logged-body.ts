import {
  confidentialMarkInText,
  confidentialSpots,
  markedConfidentialCodes,
  maskedCopy,
} from './confidential-values';
import { confidentialMask, type LoggedBody } from './logs';
import { maskQuoted, maskQuotedInJson } from './quoted-values';
import { redactBody, redactJsonBody, tooDeepToCheck, type CleanedBody } from './redaction';

/**
 * How the request log keeps a request's or an answer's body: secrets cleaned out (redaction.ts),
 * confidential field values masked, and at most {@link loggedBodyLimit} characters, so one large
 * document answer cannot fill the console's memory. JSON is kept compact as it came and
 * pretty-printed only when someone looks ({@link shownBody}): formatting every answer of a batch
 * read was most of the log's cost, and nearly all of them are never looked at.
 */

/** Characters of one body the log keeps; the rest is cut and the entry says so. */
export const loggedBodyLimit = 64 * 1024;

/** A body as the log shows it (pretty-printed when JSON), and the process it names, if any. */
export function logBody(
  text: string | undefined,
  secrets: readonly string[],
  /** The body's size in bytes when the caller has it (counting 13 MiB again is a waste). */
  knownBytes?: number,
): { body: LoggedBody | null; processRefs: string[] } {
  const kept = keptBody(text, secrets, { bytes: knownBytes });
  return { body: kept.body && shownBody(kept.body), processRefs: kept.processRefs };
}

/** What the caller already knows of a body for {@link keptBody}. */
export interface KnownOfBody {
  /** The body's size in bytes (counting 13 MiB again is a waste). */
  bytes?: number;
  /**
   * The body already cleaned with these same `secrets` and parsed (the client's answer,
   * redaction.ts `redactJsonBody`): cleaning and parsing it again would find nothing new and, per
   * answer of a batch read, cost a parse and a walk.
   */
  cleaned?: CleanedBody;
  /**
   * The confidential field values of the change this body belongs to: the service may quote one
   * in its answer (an error sentence, a field it does not mark), so the log masks them anywhere.
   */
  confidential?: readonly string[];
}

/** A body as the log keeps it: compact, cleaned of `secrets`, its confidential values masked. */
export function keptBody(
  text: string | undefined,
  secrets: readonly string[],
  known: KnownOfBody = {},
): { body: LoggedBody | null; processRefs: string[] } {
  if (text === undefined || text.length === 0) return { body: null, processRefs: [] };
  const { cleaned, confidential = [] } = known;
  const bytes = known.bytes ?? new TextEncoder().encode(text).length;
  // A larger body (a document's base64) is not parsed: it is cut as it came, which is cheap. A
  // quoted value is masked before the cut, so that no part of one is left at its end.
  if (text.length > loggedBodyLimit) {
    const cut = redactBody(maskQuoted(text, confidential).slice(0, loggedBodyLimit), secrets);
    return { body: { text: cut, bytes, truncated: true }, processRefs: [] };
  }
  const clean = cleaned ?? redactJsonBody(text, secrets);
  if (clean.json === undefined)
    return { body: { text: maskQuoted(clean.text, confidential), bytes, truncated: false }, processRefs: [] };
  try {
    const marked = mayMarkConfidential(clean.text) ? maskConfidential(clean.json) : clean.json;
    const masked = maskQuotedInJson(marked, confidential);
    // An object or array is kept as it came; a bare value is written out so that only `{` and `[`
    // texts are JSON left to format (a body of digits the service sent as text stays as it is).
    const compact = masked === clean.json && isStructure(masked) ? clean.text : JSON.stringify(masked);
    return {
      body: { text: compact, bytes, truncated: false },
      processRefs: processRefsOf(clean.json),
    };
  } catch (error) {
    // Nested deeper than the stack can walk (JSON.parse reads deeper): its values cannot be masked,
    // so none of it is kept. Thrown, it replaced the outcome of the exchange being logged.
    if (error instanceof RangeError)
      return { body: { text: tooDeepToCheck, bytes, truncated: false }, processRefs: [] };
    throw error;
  }
}

/** A kept body as a person reads it: JSON pretty-printed (then cut at the limit), else as kept. */
export function shownBody(body: LoggedBody): LoggedBody {
  if (body.truncated || !/^\s*[[{]/.test(body.text)) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return body;
  }
  const pretty = JSON.stringify(parsed, null, 2);
  const truncated = pretty.length > loggedBodyLimit;
  return { text: truncated ? pretty.slice(0, loggedBodyLimit) : pretty, bytes: body.bytes, truncated };
}

/**
 * Whether a JSON text may mark a field `"confidential": true`, in either spelling maskConfidential
 * reads; never false when it does. Only a unicode escape can spell that key's letters another
 * way. Most answers mark none, and one search of the text is cheaper than a walk of every node.
 */
function mayMarkConfidential(text: string): boolean {
  return text.includes('\\u') || confidentialMarkInText.test(text);
}

function isStructure(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/**
 * A copy with the values of confidential fields masked: the codes marked confidential anywhere in
 * the body (either spelling), then every value under those codes (a REST step's payload quotes them too).
 */
export function maskConfidential(value: unknown): unknown {
  const codes = markedConfidentialCodes(value);
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
