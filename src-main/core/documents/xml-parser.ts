import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { maxXmlDepth, shorten } from './limits';
import { xmlEntityDecoder } from './xml-entities';
import { passesXmlValidator } from './xml-well-formed';

/**
 * One entry of fast-xml-parser's ordered output: `{[elementName]: entries, ':@'?: attributes}`
 * for an element, `{'#text': text}` for a piece of text or CDATA.
 */
export type OrderedEntry = Record<string, unknown>;

/** The parser's ordered output, or the sentence saying why the text was not parsed. */
export type ParsedXml = { ok: true; entries: OrderedEntry[] } | { ok: false; warning: string };

/** The prefix fast-xml-parser puts on attribute names; xml-tree.ts strips it. */
export const attributePrefix = '@_';
/** The key fast-xml-parser uses for text entries. */
export const textKey = '#text';
/** The key fast-xml-parser uses for an element's attributes. */
export const attributesKey = ':@';

/** The warning for documents that declare a DOCTYPE or entities. */
export const doctypeWarning =
  'This document declares a DOCTYPE or entities; it is shown as raw text and not parsed, for safety.';
/** The warning for element or attribute names that could reach an object's prototype. */
export const reservedNameWarning =
  'This document uses an element or attribute named __proto__, constructor or prototype; it is shown as raw text and not parsed, for safety.';
/** The warning for documents nested deeper than the parser goes. */
export const depthWarning = `This document nests elements more than ${maxXmlDepth} deep; it is shown as raw text and not parsed, for safety.`;

/*
 * THE configured parser (STYLE rule 7). Ordered output keeps element order and repeats without
 * declaring which elements repeat; values are never converted, so ids like 007 stay strings;
 * only the five XML entities and character references are resolved, by our own decoder, and
 * declared entities are never expanded. The processEntities limits are set to the library's
 * minimum because nothing should reach them: documents with a DOCTYPE or entity declaration are
 * refused before parsing, and our decoder ignores declarations anyway. Nesting is capped; tag
 * names that reach an object's prototype make the parser throw; path strings are not built
 * (jPath false) because no callback here reads them.
 */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: attributePrefix,
  textNodeName: textKey,
  allowBooleanAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: false,
  cdataPropName: false,
  commentPropName: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: false,
  processEntities: {
    enabled: true,
    maxEntityCount: 1,
    maxEntitySize: 1,
    maxExpansionDepth: 1,
    maxTotalExpansions: 1,
    maxExpandedLength: 1,
  },
  entityDecoder: xmlEntityDecoder,
  maxNestedTags: maxXmlDepth,
  strictReservedNames: true,
  // Names like toString are harmless as own keys of the parser's output; keep them verbatim
  // instead of the default '__toString' renaming. __proto__, constructor and prototype still throw.
  onDangerousProperty: (name) => name,
  jPath: false,
});

/** True when the text declares a DOCTYPE or an entity anywhere, in any letter case. */
export function declaresDoctypeOrEntity(text: string): boolean {
  for (let at = text.indexOf('<!'); at !== -1; at = text.indexOf('<!', at + 2)) {
    const word = text.slice(at + 2, at + 9).toUpperCase();
    if (word === 'DOCTYPE' || word.startsWith('ENTITY')) return true;
  }
  return false;
}

/** Checks well-formedness, then parses with the one configured parser; never throws for bad input. */
export function parseXml(text: string): ParsedXml {
  if (!/\S/.test(text)) return { ok: false, warning: 'This XML document is empty.' };
  if (declaresDoctypeOrEntity(text)) return { ok: false, warning: doctypeWarning };
  // The validator's extra pass is paid only for text the fast twin refuses, to get its sentence.
  const valid = passesXmlValidator(text) || XMLValidator.validate(text);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    const where = typeof col === 'number' ? `line ${line}, column ${col}` : `line ${line}`;
    const why = shorten(msg).replace(/\.$/, '');
    return { ok: false, warning: `This XML is not well-formed (${where}: ${why}); it is shown as raw text.` };
  }
  try {
    return { ok: true, entries: parser.parse(text) as OrderedEntry[] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('[SECURITY]')) return { ok: false, warning: reservedNameWarning };
    if (message.includes('Maximum nested tags')) return { ok: false, warning: depthWarning };
    const why = shorten(message).replace(/\.$/, '');
    return { ok: false, warning: `This XML could not be parsed (${why}); it is shown as raw text.` };
  }
}
