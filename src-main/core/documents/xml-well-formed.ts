/*
 * A fast, exact twin of fast-xml-parser's XMLValidator.validate (version 5, default options: no
 * boolean attributes, no unpaired tags) that only answers yes or no. The validator builds strings
 * a character at a time and runs a regex per character of every reference: about a third of a
 * 10 MiB open. This walks the same grammar by character codes, quirks included (a stray `=`
 * between attributes, `&#;`, a `<!x` inside text, several self-closing roots all pass there and
 * here), so what it accepts the validator accepts. xml-parser.ts asks the validator itself only
 * when this says no, for its sentence; a test compares the two on a corpus of broken documents.
 */

// fast-xml-parser's util.js `isName`, character for character (UTF-16 code units, no `u` flag).
const nameStart =
  ':A-Za-z_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
// The class is of UTF-16 code units, as the library's is; \u0300-\u036F is a range, not a combined character.
// eslint-disable-next-line no-misleading-character-class
const namePattern = new RegExp(`^[${nameStart}][${nameStart}\\-.\\d\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`);

const lt = 60;
const gt = 62;
const bang = 33;
const question = 63;
const slash = 47;
const amp = 38;
const semicolon = 59;
const hash = 35;
const equals = 61;
const doubleQuote = 34;
const singleQuote = 39;

// The validator's whitespace: these four only (not the Unicode set `trim` knows).
function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** True when XMLValidator.validate(text) would return true; never throws, linear in the text. */
export function passesXmlValidator(input: string): boolean {
  return firstRefusal(input) === -1;
}

/** What firstRefusal answers once more elements than it was given have opened. */
export const tooManyElements = -2;

/**
 * -1 when XMLValidator.validate(text) would return true; otherwise where in `input` this walk
 * refused it: the start of the tag, or the character in the text, it could not accept (the end
 * for an element left open). The validator may name a later place for the same fault.
 * `tooManyElements` instead, and at once, when more than `maxElements` opening or self-closing
 * tags came first: the tree builder makes an element of each (and of a few the validator skips),
 * so a document refused here would have been refused there, after building millions of them.
 */
export function firstRefusal(input: string, maxElements = Number.POSITIVE_INFINITY): number {
  const offset = input.charCodeAt(0) === 0xfeff ? 1 : 0;
  const xml = offset === 1 ? input.slice(1) : input;
  const end = xml.length;
  const open: string[] = [];
  let tagFound = false;
  let reachedRoot = false;
  let nextAmp = -1;
  let nextLt = -1;
  let elements = 0;
  for (let i = 0; i < end; i++) {
    const tagAt = i;
    const code = xml.charCodeAt(i);
    if (code === lt && xml.charCodeAt(i + 1) === question) {
      i = skipInstruction(xml, i + 2);
      if (i < 0) return offset + tagAt;
      continue;
    }
    if (code !== lt) {
      if (isSpace(code)) continue;
      return offset + i;
    }
    i++;
    if (xml.charCodeAt(i) === bang) {
      i = skipMarkup(xml, i);
      continue;
    }
    const closing = xml.charCodeAt(i) === slash;
    if (closing) i++;
    const nameFrom = i;
    for (; i < end; i++) {
      const c = xml.charCodeAt(i);
      if (c === gt || isSpace(c)) break;
    }
    let name = xml.slice(nameFrom, i);
    if (!plainEnds(name)) name = name.trim();
    if (name.charCodeAt(name.length - 1) === slash) {
      name = name.slice(0, -1);
      i--;
    }
    const attributesEnd = tagEnd(xml, i);
    if (attributesEnd < 0) return offset + tagAt;
    const selfClosing = attributesEnd > i && xml.charCodeAt(attributesEnd - 1) === slash;
    // A closing tag that names the open element needs no check: that name passed when it opened.
    const matchesOpen = closing && !selfClosing && name === open[open.length - 1];
    if (!matchesOpen && !namePattern.test(name)) return offset + tagAt;
    if (!closing && ++elements > maxElements) return tooManyElements;
    if (selfClosing) {
      if (!attributesValid(xml, i, attributesEnd - 1)) return offset + tagAt;
      tagFound = true;
    } else if (closing) {
      if (attributesEnd === end) return offset + tagAt;
      if (attributesEnd > i && xml.slice(i, attributesEnd).trim().length > 0) return offset + tagAt;
      if (open.pop() !== name) return offset + tagAt;
      if (open.length === 0) reachedRoot = true;
    } else {
      if (!attributesValid(xml, i, attributesEnd) || reachedRoot) return offset + tagAt;
      open.push(name);
      tagFound = true;
    }
    // The text after the tag, up to the next tag: references, comments, CDATA, instructions.
    for (i = attributesEnd + 1; i < end; i++) {
      if (!reachedRoot) {
        // Inside the root only `<` and `&` matter: jump to the nearer. Both positions are kept
        // until passed, so neither search is repeated over the same text (linear, not quadratic).
        if (nextAmp < i) nextAmp = indexOrEnd(xml, '&', i);
        if (nextLt < i) nextLt = indexOrEnd(xml, '<', i);
        i = Math.min(nextLt, nextAmp);
        if (i >= end) break;
      }
      const c = xml.charCodeAt(i);
      if (c === lt) {
        const next = xml.charCodeAt(i + 1);
        if (next === bang) i = skipMarkup(xml, i + 1);
        else if (next === question) {
          const instructionAt = i;
          i = skipInstruction(xml, i + 1);
          if (i < 0) return offset + instructionAt;
        } else break;
      } else if (c === amp) {
        const referenceAt = i;
        i = skipReference(xml, i);
        if (i < 0) return offset + referenceAt;
      } else if (reachedRoot && !isSpace(c)) return offset + i;
    }
    if (xml.charCodeAt(i) === lt) i--;
  }
  return tagFound && open.length === 0 ? -1 : offset + end;
}

// Whether `trim` would leave the name as it is: its ends are printable ASCII (the common case).
function plainEnds(name: string): boolean {
  const first = name.charCodeAt(0);
  const last = name.charCodeAt(name.length - 1);
  return first > 32 && first < 127 && last > 32 && last < 127;
}

function indexOrEnd(xml: string, search: string, from: number): number {
  const at = xml.indexOf(search, from);
  return at === -1 ? xml.length : at;
}

/** The validator's readPI: the index of the closing `>`, the end, or -1 for a late `<?xml`. */
function skipInstruction(xml: string, from: number): number {
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c !== question && c !== 32) continue;
    if (i > 5 && i - from === 3 && xml.startsWith('xml', from)) return -1;
    if (c === question && xml.charCodeAt(i + 1) === gt) return i + 1;
  }
  return xml.length;
}

/** The validator's readCommentAndCDATA, from the `!`: where the markup ends (or the `!` itself). */
function skipMarkup(xml: string, at: number): number {
  const end = xml.length;
  if (end > at + 5 && xml.startsWith('--', at + 1)) {
    const close = xml.indexOf('-->', at + 3);
    return close === -1 ? end : close + 2;
  }
  if (end > at + 8 && xml.startsWith('DOCTYPE', at + 1)) {
    // Unreachable behind xml-parser.ts's DOCTYPE refusal; kept so the twin stays exact.
    let depth = 1;
    let i = at + 8;
    for (; i < end; i++) {
      const c = xml.charCodeAt(i);
      if (c === lt) depth++;
      else if (c === gt && --depth === 0) break;
    }
    return i;
  }
  if (end > at + 9 && xml.startsWith('[CDATA[', at + 1)) {
    const close = xml.indexOf(']]>', at + 8);
    return close === -1 ? end : close + 2;
  }
  return at;
}

/** The validator's readAttributeStr: the first `>` outside quotes, the end, or -1 for an open quote. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === doubleQuote || c === singleQuote) {
      if (quote === 0) quote = c;
      else if (quote === c) quote = 0;
    } else if (c === gt && quote === 0) return i;
  }
  return quote === 0 ? xml.length : -1;
}

/** The validator's validateAmpersand, from the `&`: the index of its `;`, the end, or -1. */
function skipReference(xml: string, at: number): number {
  const end = xml.length;
  let i = at + 1;
  const first = xml.charCodeAt(i);
  if (first === semicolon) return -1;
  if (first === hash) {
    i++;
    const hex = xml.charCodeAt(i) === 120; // 'x'
    if (hex) i++;
    for (; i < end; i++) {
      const c = xml.charCodeAt(i);
      if (c === semicolon) return i;
      if (!(hex ? isHexDigit(c) : isDigit(c))) return -1;
    }
    return -1;
  }
  for (let count = 0; i < end; i++, count++) {
    const c = xml.charCodeAt(i);
    if (count < 20 && isWordCharacter(c)) continue;
    return c === semicolon ? i : -1;
  }
  return end;
}

/** The validator's validateAttributeString on xml[from, to): ` name="value"` pairs, nothing else. */
function attributesValid(xml: string, from: number, to: number): boolean {
  let seen: Set<string> | undefined;
  let i = from;
  while (i < to) {
    const tokenStart = i;
    while (i < to && isSpace(xml.charCodeAt(i))) i++;
    if (i >= to) break;
    // A stray `=` is skipped, as the validator's tokenizer does.
    if (xml.charCodeAt(i) === equals) {
      i++;
      continue;
    }
    if (i === tokenStart) return false;
    const nameFrom = i;
    while (i < to && !isSpace(xml.charCodeAt(i)) && xml.charCodeAt(i) !== equals) i++;
    const name = xml.slice(nameFrom, i);
    while (i < to && isSpace(xml.charCodeAt(i))) i++;
    if (i >= to || xml.charCodeAt(i) !== equals) return false;
    i++;
    while (i < to && isSpace(xml.charCodeAt(i))) i++;
    const quote = xml.charCodeAt(i);
    if (i >= to || (quote !== doubleQuote && quote !== singleQuote)) return false;
    const close = xml.indexOf(quote === doubleQuote ? '"' : "'", i + 1);
    if (close === -1 || close >= to) return false;
    i = close + 1;
    if (!namePattern.test(name)) return false;
    // The validator counts names in a plain object, where `__proto__` never becomes an own key.
    if (name !== '__proto__') {
      seen ??= new Set();
      if (seen.has(name)) return false;
      seen.add(name);
    }
  }
  return true;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function isWordCharacter(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
