import { XMLValidator } from 'fast-xml-parser';
import { maxValidatorSentenceChars, maxXmlDepth, maxXmlElements, shorten } from './limits';
import { firstRefusal, tooManyElements } from './xml-well-formed';

/** The warning for documents that declare a DOCTYPE or entities. */
export const doctypeWarning =
  'This document declares a DOCTYPE or entities; it is shown as raw text and not parsed, for safety.';
/** The warning for element or attribute names that could reach an object's prototype. */
export const reservedNameWarning =
  'This document uses an element or attribute named __proto__, constructor or prototype; it is shown as raw text and not parsed, for safety.';
/** The warning for documents nested deeper than the parser goes. */
export const depthWarning = `This document nests elements more than ${maxXmlDepth} deep; it is shown as raw text and not parsed, for safety.`;

/** The warning for documents with more elements than the parser builds. */
export const elementCountWarning =
  `This document has more than ${maxXmlElements.toLocaleString('en')} elements, too many to show as ` +
  'a tree; it is shown as raw text.';

/** True when the text declares a DOCTYPE or an entity anywhere, in any letter case. */
export function declaresDoctypeOrEntity(text: string): boolean {
  for (let at = text.indexOf('<!'); at !== -1; at = text.indexOf('<!', at + 2)) {
    const word = text.slice(at + 2, at + 9).toUpperCase();
    if (word === 'DOCTYPE' || word.startsWith('ENTITY')) return true;
  }
  return false;
}

/**
 * Why the text is not parsed at all (blank, a DOCTYPE or entity declaration, not well-formed,
 * more elements than the parser builds),
 * or undefined for text the tree builder (xml-tree.ts) may take. Well-formedness is judged by
 * the exact twin of fast-xml-parser's validator; the validator itself words the refusal of text
 * up to 2 MiB. Never throws for bad input.
 */
export function xmlTextWarning(text: string): string | undefined {
  if (!/\S/.test(text)) return 'This XML document is empty.';
  if (declaresDoctypeOrEntity(text)) return doctypeWarning;
  const refusedAt = firstRefusal(text, maxXmlElements);
  if (refusedAt === -1) return undefined;
  if (refusedAt === tooManyElements) return elementCountWarning;
  // Past this length the twin's refusal stands alone (it is exact: xml-well-formed.test.ts).
  if (text.length > maxValidatorSentenceChars) return placeOfRefusal(text, refusedAt);
  const valid = XMLValidator.validate(text);
  if (valid === true) return undefined;
  const { line, col, msg } = valid.err;
  const where = typeof col === 'number' ? `line ${line}, column ${col}` : `line ${line}`;
  const why = shorten(msg).replace(/\.$/, '');
  return `This XML is not well-formed (${where}: ${why}); it is shown as raw text.`;
}

/** The sentence for long refused text: the line and column (counted as the validator counts) and what stands there. */
function placeOfRefusal(text: string, at: number): string {
  let line = 1;
  let lineStart = 0;
  for (
    let newline = text.indexOf('\n');
    newline !== -1 && newline < at;
    newline = text.indexOf('\n', newline + 1)
  ) {
    line += 1;
    lineStart = newline + 1;
  }
  const column = at - lineStart + 1;
  const there = at >= text.length ? 'the end of the text' : `"${shorten(text.slice(at, at + 40), 40)}"`;
  return `This XML is not well-formed (line ${line}, column ${column}, at ${there}); it is shown as raw text.`;
}
