import { XMLValidator } from 'fast-xml-parser';
import { maxXmlDepth, shorten } from './limits';
import { passesXmlValidator } from './xml-well-formed';

/** The warning for documents that declare a DOCTYPE or entities. */
export const doctypeWarning =
  'This document declares a DOCTYPE or entities; it is shown as raw text and not parsed, for safety.';
/** The warning for element or attribute names that could reach an object's prototype. */
export const reservedNameWarning =
  'This document uses an element or attribute named __proto__, constructor or prototype; it is shown as raw text and not parsed, for safety.';
/** The warning for documents nested deeper than the parser goes. */
export const depthWarning = `This document nests elements more than ${maxXmlDepth} deep; it is shown as raw text and not parsed, for safety.`;

/** True when the text declares a DOCTYPE or an entity anywhere, in any letter case. */
export function declaresDoctypeOrEntity(text: string): boolean {
  for (let at = text.indexOf('<!'); at !== -1; at = text.indexOf('<!', at + 2)) {
    const word = text.slice(at + 2, at + 9).toUpperCase();
    if (word === 'DOCTYPE' || word.startsWith('ENTITY')) return true;
  }
  return false;
}

/**
 * Why the text is not parsed at all (blank, a DOCTYPE or entity declaration, not well-formed),
 * or undefined for text the tree builder (xml-tree.ts) may take. fast-xml-parser's validator
 * stays the judge of well-formedness; never throws for bad input.
 */
export function xmlTextWarning(text: string): string | undefined {
  if (!/\S/.test(text)) return 'This XML document is empty.';
  if (declaresDoctypeOrEntity(text)) return doctypeWarning;
  // The validator's extra pass is paid only for text the fast twin refuses, to get its sentence.
  const valid = passesXmlValidator(text) || XMLValidator.validate(text);
  if (valid === true) return undefined;
  const { line, col, msg } = valid.err;
  const where = typeof col === 'number' ? `line ${line}, column ${col}` : `line ${line}`;
  const why = shorten(msg).replace(/\.$/, '');
  return `This XML is not well-formed (${where}: ${why}); it is shown as raw text.`;
}
