/**
 * A helper of redaction.ts (the one home of the rules about secrets): how else than as it is a
 * text may spell a secret. First its bytes in hex or base64, which a service may quote back in
 * any answer (a hostile one did, in a 400); redaction.ts hunts them as it hunts the secret. Then
 * a pattern per secret that finds it however a text that is never parsed spells it. JSON may
 * write any character as `\uXXXX` in either hex case (.NET writes `+` as `\u002B`) and `/` as
 * `\/`; URL encoding may write any character as `%XX` in either case (.NET's
 * HttpUtility.UrlEncode writes `%2b`). A body past the log's limit is cut before it could be
 * parsed, and a body that is not JSON never is, so no list of whole forms can cover every mix of
 * spellings; this pattern does.
 * Pure: no Node, so the renderer and the reference service may use it too.
 */

/**
 * The shortest hex or base64 spelling hunted: a shorter run of letters and digits turns up by
 * chance in ordinary text, and masking it there would hide what the text says.
 */
const shortestBinarySpelling = 8;

/**
 * `secret`'s UTF-8 bytes in hex (either case), base64 and base64url: whole (padded and not), and
 * the part that stays the same wherever the bytes sit inside a longer base64 text. Base64 writes
 * 3 bytes as 4 characters, so a character of such a text mixes the secret's bits with its
 * neighbours' unless it falls wholly inside the secret; which ones do depends on the secret's
 * offset modulo 3, so the stable middle is worked out for each of the three, as secret scanners
 * do. Only spellings of {@link shortestBinarySpelling} characters or more; none for a secret
 * under 4 characters, which is too common to hunt in any spelling.
 */
export function binarySpellings(secret: string): string[] {
  if ([...secret].length < 4) return [];
  const bytes = new TextEncoder().encode(secret);
  const hexDigits = [...bytes].map((byte) => hex(byte, 2)).join('');
  const whole = base64(bytes);
  const base64s = [whole, whole.replace(/=+$/, '')];
  for (const lead of [0, 1, 2]) {
    // Zero bytes around the secret: the characters kept depend on the secret's bits alone.
    const placed = new Uint8Array(lead + bytes.length + 2);
    placed.set(bytes, lead);
    base64s.push(
      base64(placed).slice(Math.ceil((lead * 8) / 6), Math.floor(((lead + bytes.length) * 8) / 6)),
    );
  }
  const spellings = [hexDigits, hexDigits.toLowerCase()];
  for (const spelling of base64s) spellings.push(spelling, spelling.replace(/\+/g, '-').replace(/\//g, '_'));
  return [...new Set(spellings)].filter((spelling) => spelling.length >= shortestBinarySpelling);
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

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
