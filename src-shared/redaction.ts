/**
 * THE rules about secrets (STYLE rule 18): which header and query names carry one, and how a header
 * value or any text is cleaned of known secret values before it is shown, logged or stored. The
 * console's client, request log and inbox, and the reference service, all redact through here.
 * Pure: no Node, so the renderer and the reference service may use it too.
 */

import { escapeForPattern, patternOfForms } from './form-pattern';
import { searchableAsText } from './json-text';
import { binarySpellings, mayHoldSpelling, spellingPatterns } from './secret-spellings';

/** What a redacted value reads as. */
export const redacted = '[redacted]';

const secretHeaderNames = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-api-secret',
]);
// Names like X-Back-Office-Key or X-Auth-Token are credentials too: a copy must not reach a disk.
const secretWords = /secret|token|passw(or)?d|credential|session|signature|cookie|key|auth/i;
// Carry no secret and explain what happened: a 401's challenge, a change's replay key.
const knownSafeNames = new Set(['www-authenticate', 'proxy-authenticate', 'idempotency-key']);

/** True when a header's value must not be kept; `extraNames` adds a profile's own header names. */
export function isSecretHeaderName(name: string, extraNames: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  if (extraNames.some((extra) => extra.toLowerCase() === lower)) return true;
  if (knownSafeNames.has(lower)) return false;
  return secretHeaderNames.has(lower) || secretWords.test(lower);
}

/** True for a query parameter whose value is secret; `client_id` is the API key in the bearer scheme (API.md). */
export function isSecretParameterName(name: string): boolean {
  return /^client[-_]?id$/i.test(name) || isSecretHeaderName(name);
}

/**
 * A copy of `headers` with secret-named values replaced by {@link redacted} and every known secret
 * value cleaned out of the others and out of the names (a gateway may quote one in any header).
 */
export function redactHeaders(
  headers: Readonly<Record<string, string>>,
  secrets: readonly string[] = [],
  extraNames: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    // A service may echo a secret in a header's name too (`X-Echo-<key>`): the name is cleaned.
    out[redactText(name, secrets)] = isSecretHeaderName(name, extraNames)
      ? redacted
      : redactText(value, secrets);
  }
  return out;
}

/** A path with secret-named query values replaced and known secret values cleaned out. */
export function redactPath(path: string, secrets: readonly string[] = []): string {
  const mark = path.indexOf('?');
  if (mark < 0) return redactText(path, secrets);
  const query = path
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretParameterName(safeDecode(name)) ? `${name}=${redacted}` : pair;
    })
    .join('&');
  return redactText(`${path.slice(0, mark)}?${query}`, secrets);
}

/**
 * Replaces every known secret value in `text`, in the forms a service may quote it (as sent, its
 * bytes in hex or base64, each URL- or form-encoded and JSON-escaped), by `mask`. Values of 4
 * characters or more are replaced wherever they occur; shorter ones only where they stand alone,
 * so "12" does not eat "(412)".
 */
export function redactText(text: string, secrets: readonly string[], mask = redacted): string {
  const known = formsOf(secrets);
  // Most texts hold no secret: one native pass over the text says so (a header value shorter than
  // every form cannot hold one), instead of a search per form, several per request in a batch.
  if (text.length < known.shortest || !mayHoldForm(known, text)) return text;
  return replaceForms(text, known.forms, mask);
}

/** Whether `text` contains one of the forms (a standalone check for short ones is replaceForms'). */
function mayHoldForm(known: SecretForms, text: string): boolean {
  if (known.anyForm === undefined) known.anyForm = patternOfForms(known.forms);
  return known.anyForm === null ? known.forms.some((form) => text.includes(form)) : known.anyForm.test(text);
}

const base64Spelling = /^[A-Za-z0-9+/=\t\n\r ]+$/;

/**
 * `redactText` for base64 text (a document's contents, megabytes long): only the forms base64 can
 * spell are searched for. Any other form cannot stand in valid base64 text, and invalid base64 is
 * refused with a sentence that quotes at most one character of it, so nothing more is shown.
 */
export function redactBase64(text: string, secrets: readonly string[]): string {
  // Not the secret's own base64: the document's base64 spells its bytes, and a document that holds
  // the secret is the tenant's to show, not a quote (searching 13 MiB for each spelling is slow too).
  return replaceForms(
    text,
    workOutForms(secrets, false).filter((form) => base64Spelling.test(form)),
    redacted,
  );
}

function replaceForms(text: string, forms: readonly string[], mask: string): string {
  let clean = text;
  for (const value of forms) {
    // A plain search first: a 13 MiB document answer holds no secret, and one includes() per form
    // is several times faster than a global regex replace over the whole text.
    if (!clean.includes(value)) continue;
    const escaped = escapeForPattern(value);
    const pattern =
      value.length >= 4
        ? new RegExp(escaped, 'g')
        : new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu');
    clean = clean.replace(pattern, () => mask);
  }
  return clean;
}

/**
 * `redactText` for a body that may be JSON: JSON can spell a secret with escapes no list of forms
 * covers (`\u002B` for `+`, as .NET's serializer writes it), and parsing would turn it back into
 * the secret. A JSON body is therefore cleaned again after decoding, string by string, and written
 * out anew when anything was found; any other body is cleaned as text.
 */
export function redactBody(text: string, secrets: readonly string[]): string {
  return redactJsonBody(text, secrets).text;
}

/** A body cleaned of secrets, and its JSON value (`undefined` when it is not JSON). */
export interface CleanedBody {
  text: string;
  /** Parsed from `text` exactly (or its cleaned rebuild): one parse shared by every reader. */
  json: unknown;
}

/**
 * {@link redactBody} that hands back the value it parsed, so the client's schema and the request
 * log read that one value instead of parsing the same answer again each.
 */
export function redactJsonBody(text: string, secrets: readonly string[]): CleanedBody {
  const clean = redactText(text, secrets);
  let parsed: unknown;
  try {
    parsed = JSON.parse(clean);
  } catch {
    // Not JSON, or cut before its end: it is never decoded, so a secret spelled with escapes
    // (`\u002B`, `\/`, `%2b`) in it is looked for spelling by spelling.
    return { text: redactSpellings(clean, secrets), json: undefined };
  }
  // Most answers hold no secret: look first without building anything, rebuild only when needed.
  try {
    if (!mayHoldAny(parsed, clean, secrets)) return { text: clean, json: parsed };
    return rebuilt(parsed, clean, secrets);
  } catch (error) {
    // Nested deeper than the stack can walk: its escaped strings cannot be checked for a secret,
    // so none of it is kept (no answer of this API is that deep).
    if (error instanceof RangeError) return { text: tooDeepToCheck, json: undefined };
    throw error;
  }
}

/**
 * Whether a string (key or value) of the parsed body may contain one of `forms`; never false
 * when one does. JSON.stringify writes each character of a string on its own (bar surrogates, so
 * a form holding one is looked for string by string), so a form inside a decoded string shows as
 * its own JSON spelling in the re-serialised body: native searches instead of a walk in script
 * over every string of every answer. Too deep a body throws RangeError here, as the walk did.
 */
function mayHoldAny(parsed: unknown, clean: string, secrets: readonly string[]): boolean {
  const known = formsOf(secrets);
  const { forms, spellings, surrogates } = known;
  // Searching `clean` itself skips re-serialising every answer, where json-text.ts proves it enough.
  if (searchableAsText(clean, forms)) return mayHoldForm(known, clean);
  if (surrogates) return holdsAny(parsed, forms);
  const canonical = JSON.stringify(parsed);
  return spellings.some((spelling) => canonical.includes(spelling));
}

/** What stands for a body too deeply nested to check for secrets (it is not JSON, on purpose). */
export const tooDeepToCheck = '[an answer nested too deeply to check for secrets; not kept]';

function rebuilt(parsed: unknown, clean: string, secrets: readonly string[]): CleanedBody {
  let found = false;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const redactedValue = redactText(value, secrets);
      if (redactedValue !== value) found = true;
      return redactedValue;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [walk(key) as string, walk(inner)]),
      );
    }
    return value;
  };
  const cleaned = walk(parsed);
  return found ? { text: JSON.stringify(cleaned), json: cleaned } : { text: clean, json: parsed };
}

/** Whether any string (key or value) inside a parsed JSON value contains one of `forms`. */
function holdsAny(value: unknown, forms: readonly string[]): boolean {
  if (typeof value === 'string') return forms.some((form) => value.includes(form));
  if (Array.isArray(value)) return value.some((inner) => holdsAny(inner, forms));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => holdsAny(key, forms) || holdsAny(inner, forms));
  }
  return false;
}

/**
 * The last few lists of secrets and their forms. redactBody cleans every string of an answer with
 * the same list, so working the forms out once per list instead of once per string takes the
 * client's cost per read from milliseconds to microseconds. A batch run alternates a few lists (a
 * read's, a change's), so a handful are kept, the oldest replaced. Lists are compared value by
 * value: each call builds its own list, and joining it into a key for every header and body
 * cleaned was a cost of its own in a batch read.
 */
const recentForms: (SecretForms & { secrets: readonly string[] })[] = [];
const recentFormsKept = 4;

interface SecretForms {
  forms: string[];
  spellings: string[];
  surrogates: boolean;
  /**
   * One pattern per secret for text that is never parsed (secret-spellings.ts), built when first
   * needed: most lists never meet such a text, and building them for each list cost a batch run
   * half its speed.
   */
  patterns?: RegExp[];
  /** Every form in one pattern, built when first needed (null: too long, searched form by form). */
  anyForm?: RegExp | null;
  /** The length of the shortest form (no form: longer than any text). */
  shortest: number;
}

function formsOf(secrets: readonly string[]): SecretForms {
  const known = recentForms.find((entry) => sameValues(entry.secrets, secrets));
  if (known) return known;
  const forms = workOutForms(secrets, true);
  // The JSON spelling of each form, for mayHoldAny's search of a re-serialised body.
  const spellings = forms.map((form) => JSON.stringify(form).slice(1, -1));
  const surrogates = forms.some((form) => /[\uD800-\uDFFF]/.test(form));
  const shortest = forms.length === 0 ? Infinity : Math.min(...forms.map((form) => form.length));
  const entry = { secrets: [...secrets], forms, spellings, surrogates, shortest };
  recentForms.unshift(entry);
  recentForms.length = Math.min(recentForms.length, recentFormsKept);
  return entry;
}

/** `text` cleaned by {@link redactText}, each secret also replaced by `mask` in every other spelling. */
export function redactSpellings(text: string, secrets: readonly string[], mask = redacted): string {
  // For text never parsed (cut, or not JSON); every spelling but the plain one needs `%`, `\` or `+`.
  if (!mayHoldSpelling(text)) return text;
  const known = formsOf(secrets);
  known.patterns ??= spellingPatterns(secrets);
  return known.patterns.reduce((clean, pattern) => clean.replace(pattern, () => mask), text);
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((value, index) => value === b[index]));
}

/**
 * Each value with its encoded forms, longest first so a longer form is never half-replaced;
 * `binary`: with the values' hex and base64 spellings (secret-spellings.ts) too.
 */
function workOutForms(secrets: readonly string[], binary: boolean): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret.trim()) continue;
    for (const value of binary ? [secret, ...binarySpellings(secret)] : [secret]) {
      forms.add(value);
      forms.add(encodeURIComponent(value));
      forms.add(new URLSearchParams({ v: value }).toString().slice(2));
      forms.add(JSON.stringify(value).slice(1, -1));
      forms.add(JSON.stringify(value).slice(1, -1).replace(/\//g, '\\/'));
    }
  }
  // Percent-encoding's hex is case-insensitive; .NET's HttpUtility.UrlEncode writes it lower-case.
  for (const form of [...forms]) forms.add(form.replace(/%[0-9A-F]{2}/g, (byte) => byte.toLowerCase()));
  return [...forms].sort((a, b) => b.length - a.length);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
