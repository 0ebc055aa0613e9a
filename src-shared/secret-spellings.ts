/**
 * A helper of redaction.ts (the one home of the rules about secrets): a pattern per secret that
 * finds it however a text that is never parsed spells it. JSON may write any character as
 * `\uXXXX` in either hex case (.NET writes `+` as `\u002B`) and `/` as `\/`; URL encoding may
 * write any character as `%XX` in either case (.NET's HttpUtility.UrlEncode writes `%2b`). A body
 * past the log's limit is cut before it could be parsed, and a body that is not JSON never is, so
 * no list of whole forms can cover every mix of spellings; this pattern does.
 * Pure: no Node, so the renderer and the reference service may use it too.
 */

/**
 * One pattern per secret of 4 characters or more (shorter ones are too common to hunt in any
 * spelling; redaction.ts masks them where they stand alone as they are).
 *
 * Linear time: each character's spellings sit in a lookahead and are matched back by name, which
 * makes the choice atomic (JavaScript has no atomic groups): once a spelling matched, the engine
 * never backtracks into another, so a try at one place costs at most the secret's length times
 * its few spellings, whatever the text. Longer spellings come first, so `%25` is read as one `%`.
 */
export function spellingPatterns(secrets: readonly string[]): RegExp[] {
  return secrets
    .filter((secret) => [...secret].length >= 4 && secret.trim() !== '')
    .map(
      (secret) => new RegExp([...secret].map((character, index) => atomic(character, index)).join(''), 'gu'),
    );
}

/** Whether `text` may hold a spelled secret at all: every other spelling than the plain one needs these. */
export function mayHoldSpelling(text: string): boolean {
  return text.includes('%') || text.includes('\\') || text.includes('+');
}

function atomic(character: string, index: number): string {
  const name = `c${index}`;
  return `(?=(?<${name}>${spellingsOf(character).join('|')}))\\k<${name}>`;
}

/** The spellings of one character as regex sources, longest first, the character itself last. */
function spellingsOf(character: string): string[] {
  const spellings: string[] = [];
  for (const unit of utf16Units(character)) spellings.push(`\\\\u${anyCase(hex(unit, 4))}`);
  spellings.push(
    [...new TextEncoder().encode(character)].map((byte) => `%${anyCase(hex(byte, 2))}`).join(''),
  );
  const short = jsonShortEscapes[character];
  if (short) spellings.push(short);
  if (character === ' ') spellings.push('\\+');
  spellings.push(literal(character));
  return spellings;
}

/** JSON's two-character escapes, as regex sources (`\/` is optional in JSON, `\"` and `\\` are not). */
const jsonShortEscapes: Readonly<Record<string, string>> = {
  '"': '\\\\"',
  '\\': '\\\\\\\\',
  '/': '\\\\\\/',
  '\b': '\\\\b',
  '\f': '\\\\f',
  '\n': '\\\\n',
  '\r': '\\\\r',
  '\t': '\\\\t',
};

function utf16Units(character: string): number[] {
  const units: number[] = [];
  for (let index = 0; index < character.length; index++) units.push(character.charCodeAt(index));
  return units;
}

function hex(value: number, digits: number): string {
  return value.toString(16).toUpperCase().padStart(digits, '0');
}

/** `2B` -> `2[Bb]`: hex digits in either case. */
function anyCase(hexDigits: string): string {
  return hexDigits.replace(/[A-F]/g, (letter) => `[${letter}${letter.toLowerCase()}]`);
}

function literal(character: string): string {
  // Only syntax characters and `/` may be escaped in a unicode pattern.
  return character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
