/**
 * Facts about a JSON text found by native searches of the text, without parsing or walking it:
 * what its escapes can decode to and how deep it can nest. Redaction (redaction.ts) uses them to
 * skip re-serialising an answer when they prove the text as it stands is enough to search.
 * Pure: no Node.
 */

/** JSON's two-character escapes and what each decodes to. */
const shortEscapes: readonly (readonly [string, string])[] = [
  ['\\"', '"'],
  ['\\\\', '\\'],
  ['\\/', '/'],
  ['\\b', '\b'],
  ['\\f', '\f'],
  ['\\n', '\n'],
  ['\\r', '\r'],
  ['\\t', '\t'],
];

/**
 * The characters the escapes in `text` may decode to (an escaped backslash before an `n` counts
 * as a newline too: more than there are is only slower), or null when it may hold a unicode
 * escape, which can spell any character.
 */
function escapedCharacters(text: string): string[] | null {
  if (!text.includes('\\')) return [];
  if (text.includes('\\u')) return null;
  return shortEscapes.filter(([escape]) => text.includes(escape)).map(([, character]) => character);
}

/** Far fewer `{` and `[` than a walk over the parsed body (logged-body.ts) can nest without overflow. */
const shallowOpenings = 256;

/** Whether `text` holds at most `limit` of `{` and `[` in all (so it nests no deeper). */
function openingsAtMost(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      if (++count > limit) return false;
    }
  }
  return true;
}

/**
 * Whether each of `forms` inside a decoded string (key or value) of the JSON `text` is inside
 * `text` as it stands. A decoded string differs from its slice of the text only at its escapes,
 * so this holds when no form has a character the text's escapes may decode to. Only a shallow
 * text qualifies, so one too deep to walk is still found so by whoever walks it.
 */
export function searchableAsText(text: string, forms: readonly string[]): boolean {
  const decoded = escapedCharacters(text);
  return (
    decoded !== null &&
    openingsAtMost(text, shallowOpenings) &&
    !forms.some((form) => decoded.some((character) => form.includes(character)))
  );
}
