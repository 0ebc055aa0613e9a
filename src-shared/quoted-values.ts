import { confidentialMask } from './logs';
import { redactSpellings, redactText } from './redaction';

/**
 * A change's confidential field values wherever the service quotes them back: an error sentence
 * ("The value "QQ123456C" of field NINO is not valid"), a header, a field it does not mark
 * confidential. They are masked in what the console shows or keeps (the audit, the screen, the
 * request log), found by redaction.ts's rules as a secret is: in every spelling (a body cut at the
 * log's limit is never decoded, and a .NET service writes `ë` as `\u00EB`), and a value under 4
 * characters only where it stands alone, as it is. What main parses is never masked: a
 * completion's answer and read-back are compared with the values sent. A process's documents
 * quote its confidential values too: their views split each text with {@link textMasker}.
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

/** A confidential value a view shows masked, with its field's name for the Reveal button. */
export interface NamedValue {
  name: string;
  value: string;
}

/** A piece of a shown text: as it is, or (`name` set) a confidential value to show masked. */
export interface TextPiece {
  text: string;
  name?: string;
}

/** Splits a text into pieces, each confidential value (in any spelling it looks for) a piece of its own. */
export type TextMasker = (text: string) => TextPiece[];

/** Under this many characters a value is masked only where it stands alone, as redaction.ts does. */
const standaloneBelow = 4;

// The five names XML gives characters; any character may also be a numeric reference.
const xmlEntityNames: Readonly<Record<string, string>> = {
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  "'": 'apos',
};

/**
 * The text masker for a document's views (form, tree, raw text, search hits): each of `values`,
 * trimmed, wherever a text holds it, as the document's parsed values hold it or as its XML text
 * spells it (`&amp;`, `&#39;`, `&#x27;`). A value of 4 characters or more is masked wherever it
 * occurs; a shorter one (a title, an initial) only where no letter or digit touches it, so "Mr"
 * does not mask "Mrs Smith" and "A" does not mask every "A" of the document; an empty one never.
 * Where values overlap, the pieces merge into one masked piece, so no part of either is shown.
 * The last list's masker is kept: every row of a view asks with the same list.
 */
export function textMasker(values: readonly NamedValue[]): TextMasker {
  if (lastMasker && sameNamedValues(lastMasker.values, values)) return lastMasker.masker;
  const finders = values
    .map(({ name, value }) => ({ name, value: value.trim() }))
    .filter(({ value }) => value !== '')
    .map(({ name, value }) => finderOf(name, value));
  const masker: TextMasker = (text) => {
    if (finders.length === 0 || text === '') return [{ text }];
    const spans: { start: number; end: number; name: string }[] = [];
    for (const finder of finders) {
      for (const [start, end] of matchesOf(text, finder)) spans.push({ start, end, name: finder.name });
    }
    if (spans.length === 0) return [{ text }];
    spans.sort((a, b) => a.start - b.start || b.end - a.end);
    const pieces: TextPiece[] = [];
    let at = 0;
    let open: { start: number; end: number; name: string } | null = null;
    const close = () => {
      if (!open) return;
      if (open.start > at) pieces.push({ text: text.slice(at, open.start) });
      pieces.push({ text: text.slice(open.start, open.end), name: open.name });
      at = open.end;
    };
    for (const span of spans) {
      if (open && span.start < open.end) open.end = Math.max(open.end, span.end);
      else {
        close();
        open = { ...span };
      }
    }
    close();
    if (at < text.length) pieces.push({ text: text.slice(at) });
    return pieces;
  };
  lastMasker = { values: values.map((value) => ({ ...value })), masker };
  return masker;
}

let lastMasker: { values: readonly NamedValue[]; masker: TextMasker } | null = null;

function sameNamedValues(a: readonly NamedValue[], b: readonly NamedValue[]): boolean {
  return (
    a.length === b.length &&
    a.every((value, index) => value.name === b[index]!.name && value.value === b[index]!.value)
  );
}

/** Where `value` occurs in `text`, overlapping occurrences included, as [start, end) ranges. */
function* matchesOf(text: string, finder: ValueFinder): Generator<[number, number]> {
  const { pattern, forms } = finder;
  if (pattern === null) {
    for (const form of forms) {
      for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1))
        yield [at, at + form.length];
    }
    return;
  }
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    yield [match.index, match.index + match[0].length];
    pattern.lastIndex = match.index + 1;
  }
}

/** How one value is looked for: a pattern of every spelling, or (a long value) its plain forms. */
interface ValueFinder {
  name: string;
  pattern: RegExp | null;
  forms: string[];
}

/**
 * Longer values are looked for as written and as XML escapes them, without a pattern: V8 gives
 * up on a pattern of thousands of alternations only when it runs, slowly, and its error quotes
 * the pattern, so the value (measured: a 200,000-character value took 18 s to fail).
 */
const longestPatterned = 100;

function finderOf(name: string, value: string): ValueFinder {
  const characters = [...value];
  if (characters.length > longestPatterned) {
    // As written, and as an XML writer escapes text (`&<>`), attributes (also `"`) or both quotes.
    const escape = (specials: RegExp) =>
      value.replace(specials, (character) => `&${xmlEntityNames[character]!};`);
    const forms = [value, escape(/[&<>]/g), escape(/[&<>"]/g), escape(/[&<>"']/g)];
    return { name, pattern: null, forms: [...new Set(forms)] };
  }
  let source = characters.map(xmlSpellings).join('');
  if (characters.length < standaloneBelow) source = `(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`;
  return { name, pattern: new RegExp(source, 'gu'), forms: [value] };
}

/** A character as written or as an XML reference: numeric (either hex case) or named. */
function xmlSpellings(character: string): string {
  const point = character.codePointAt(0)!;
  const hex = point.toString(16).replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);
  const name = xmlEntityNames[character];
  const literal = character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return `(?:${literal}|&#0*${point};|&#x0*${hex};${name ? `|&${name};` : ''})`;
}
