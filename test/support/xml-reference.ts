import { XMLParser, type EntityDecoderOptions } from 'fast-xml-parser';
import type { XmlNode } from '../../src-shared/documents';
import { maxXmlDepth, shorten } from '../../src-main/core/documents/limits';
import { decodeXmlReferences } from '../../src-main/core/documents/xml-entities';
import { depthWarning, reservedNameWarning, xmlTextWarning } from '../../src-main/core/documents/xml-parser';
import { elementLines } from '../../src-main/core/documents/xml-pretty-lines';
import type { BuiltTree } from '../../src-main/core/documents/xml-tree';

/*
 * THE REFERENCE the console's one-pass tree builder (xml-tree.ts) is held to: fast-xml-parser
 * configured as the console used it before the builder replaced it, and the converter from its
 * ordered output to the element tree, both as they were in src-main. Tests only: the console
 * itself never runs them, so the parser stays the library of record for what a tree means.
 */

type OrderedEntry = Record<string, unknown>;

const attributePrefix = '@_';
const textKey = '#text';
const attributesKey = ':@';

/** Our decoder as fast-xml-parser takes it: stateless, and deaf to entity declarations. */
const xmlEntityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: decodeXmlReferences,
};

/*
 * Ordered output keeps element order and repeats; values are never converted, so ids like 007
 * stay strings; only the five XML entities and character references are resolved, by our own
 * decoder. Nesting is capped; tag names that reach an object's prototype make the parser throw.
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
  onDangerousProperty: (name) => name,
  jPath: false,
});

/** The parser's ordered output, or the sentence saying why the text was not parsed. */
export type ParsedXml = { ok: true; entries: OrderedEntry[] } | { ok: false; warning: string };

/** The console's checks, then the configured parser; never throws for bad input. */
export function parseXml(text: string): ParsedXml {
  const warning = xmlTextWarning(text);
  if (warning !== undefined) return { ok: false, warning };
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

/** What the console showed before the one-pass builder: parse, then convert. */
export function referenceTree(text: string): BuiltTree {
  const parsed = parseXml(text);
  return parsed.ok ? buildTree(parsed.entries) : parsed;
}

class ReservedNameError extends Error {}

interface Counter {
  nodes: number;
  lines: Map<XmlNode, number>;
}

/** Builds the element tree from fast-xml-parser's ordered output (one root element expected). */
export function buildTree(entries: OrderedEntry[]): BuiltTree {
  const roots = entries.filter((entry) => entry[textKey] === undefined);
  if (roots.length !== 1) {
    const problem = roots.length === 0 ? 'holds no element' : 'has more than one root element';
    return { ok: false, warning: `This XML ${problem}; it is shown as raw text.` };
  }
  const counter: Counter = { nodes: 0, lines: new Map() };
  try {
    const root = toNode(roots[0], counter);
    return { ok: true, tree: { root, nodeCount: counter.nodes, lines: counter.lines } };
  } catch (error) {
    if (error instanceof ReservedNameError) return { ok: false, warning: reservedNameWarning };
    throw error;
  }
}

function toNode(entry: OrderedEntry, counter: Counter): XmlNode {
  let name = '';
  let content: unknown = [];
  for (const key of Object.keys(entry)) {
    if (key !== attributesKey) {
      name = key;
      content = entry[key];
    }
  }
  checkName(name);
  counter.nodes++;
  const node: XmlNode = { name, attributes: toAttributes(entry[attributesKey]), text: '', children: [] };
  const entries = content as OrderedEntry[];
  let text = '';
  let elementSinceText = false;
  let childLines = 0;
  for (const child of entries) {
    const piece = child[textKey];
    if (typeof piece === 'string') {
      text = text === '' ? piece : elementSinceText ? `${text} ${piece}` : text + piece;
      elementSinceText = false;
    } else {
      const element = toNode(child, counter);
      node.children.push(element);
      childLines += counter.lines.get(element)!;
      elementSinceText = true;
    }
  }
  node.text = text;
  counter.lines.set(node, elementLines(node, childLines));
  return node;
}

function toAttributes(raw: unknown): Record<string, string> {
  if (raw === null || typeof raw !== 'object') return {};
  const attributes: Record<string, string> = {};
  const source = raw as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const name = key.startsWith(attributePrefix) ? key.slice(attributePrefix.length) : key;
    checkName(name);
    attributes[name] = String(source[key]);
  }
  return attributes;
}

function checkName(name: string): void {
  if (name === '__proto__' || name === 'constructor' || name === 'prototype') throw new ReservedNameError();
}
