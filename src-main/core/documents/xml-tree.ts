import type { XmlNode } from '../../../src-shared/documents';
import {
  attributePrefix,
  attributesKey,
  reservedNameWarning,
  textKey,
  type OrderedEntry,
} from './xml-parser';
import { elementLines, type LineCounts } from './xml-pretty-lines';

/** The element tree of a parsed document. */
export interface XmlTree {
  root: XmlNode;
  /** Elements in the tree, the root included. */
  nodeCount: number;
  /** Each element's lines in the pretty text, counted as the tree is built (no second walk). */
  lines: LineCounts;
}

/** The tree, or the sentence saying why the parser's output does not make one. */
export type BuiltTree = { ok: true; tree: XmlTree } | { ok: false; warning: string };

class ReservedNameError extends Error {}

const released: OrderedEntry = {};

interface Counter {
  nodes: number;
  lines: LineCounts;
}

/**
 * Builds the element tree from fast-xml-parser's ordered output (one root element expected).
 * The output is consumed: each entry is emptied once converted, to keep the peak memory down.
 */
export function buildTree(entries: OrderedEntry[]): BuiltTree {
  const roots = entries.filter((entry) => entry[textKey] === undefined);
  // The validator lets `<a/><b/>` through; a document has exactly one root.
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

// Recursion is bounded: the parser refuses documents nested deeper than maxXmlDepth.
function toNode(entry: OrderedEntry, counter: Counter): XmlNode {
  let name = '';
  let content: unknown = [];
  // Own keys only: an enumerable key someone added to Object.prototype must not become a name.
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
  for (let i = 0; i < entries.length; i++) {
    const child = entries[i];
    // The parser's entry is let go once converted, so its garbage can be collected while the
    // rest of the tree is built rather than piling up beside it.
    entries[i] = released;
    const piece = child[textKey];
    if (typeof piece === 'string') {
      // Pieces either side of a child element are separate words; text next to CDATA is not.
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

// Most elements have no attributes: they share one frozen empty record (120,000 fewer objects
// kept for a 10 MiB document).
const noAttributes: Record<string, string> = Object.freeze({});

function toAttributes(raw: unknown): Record<string, string> {
  if (raw === null || typeof raw !== 'object') return noAttributes;
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
