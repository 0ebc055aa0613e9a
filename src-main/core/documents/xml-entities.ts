/*
 * The references the console resolves in XML text and attribute values: the five predefined
 * entities and numeric character references, nothing else. Declared (DOCTYPE) entities are never
 * expanded: documents that declare any are not parsed at all (xml-parser.ts). Every reference is at most 32 characters long and its
 * replacement is never longer than the reference, so decoding is linear and cannot expand.
 */

const longestReference = 32;

/** Resolves `&lt;`, `&#233;`, `&#x1F600;` and friends in one pass; unknown references stay literal. */
export function decodeXmlReferences(text: string): string {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  const pieces: string[] = [];
  let last = 0;
  const end = text.length;
  while (amp !== -1) {
    const limit = Math.min(end, amp + longestReference);
    let semicolon = amp + 1;
    while (semicolon < limit && text.charCodeAt(semicolon) !== 59) semicolon++;
    const replacement = semicolon < limit ? resolveReference(text.slice(amp + 1, semicolon)) : undefined;
    if (replacement === undefined) {
      amp = text.indexOf('&', amp + 1);
      continue;
    }
    pieces.push(text.slice(last, amp), replacement);
    last = semicolon + 1;
    amp = text.indexOf('&', last);
  }
  if (last === 0) return text;
  pieces.push(text.slice(last));
  return pieces.join('');
}

function resolveReference(name: string): string | undefined {
  switch (name) {
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'amp':
      return '&';
    case 'quot':
      return '"';
    case 'apos':
      return "'";
  }
  if (name.charCodeAt(0) !== 35) return undefined; // '#'
  const hex = name.charCodeAt(1) === 120; // 'x'
  const digits = name.slice(hex ? 2 : 1);
  if (!(hex ? /^[0-9A-Fa-f]{1,8}$/ : /^[0-9]{1,10}$/).test(digits)) return undefined;
  const codePoint = Number.parseInt(digits, hex ? 16 : 10);
  return isXmlCharacter(codePoint) ? String.fromCodePoint(codePoint) : undefined;
}

/** XML 1.0 section 2.2 `Char`: a reference to anything else is left as written. */
function isXmlCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}
