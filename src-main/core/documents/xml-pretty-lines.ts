import type { XmlNode } from '../../../src-shared/documents';
import { escapeXmlAttribute, escapeXmlText } from './xml-pretty';

/*
 * The pretty text of xml-pretty.ts, line by line and on demand: building the whole 10 MiB text
 * up front was a second full pass and a second copy of the document, for a view that shows forty
 * lines at a time. Each element's line count is counted once; a range then skips whole subtrees.
 */

/** Lines each element's subtree takes in the pretty text. */
export type LineCounts = Map<XmlNode, number>;

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * Lines an element takes in the pretty text, given the lines its children take: a leaf is one
 * line (more if its text breaks), a parent its open and close tags, its own text, its children.
 */
export function elementLines(node: XmlNode, childLines: number): number {
  if (node.children.length === 0) return newlines(node.text) + 1;
  return 2 + (node.text === '' ? 0 : newlines(node.text) + 1) + childLines;
}

/**
 * Counts the pretty text's lines per element; the root's count is the whole text's. The console
 * counts while it builds the tree (xml-tree.ts); this is for a tree built some other way.
 */
export function countLines(root: XmlNode): LineCounts {
  const counts: LineCounts = new Map();
  const visit = (node: XmlNode): number => {
    let childLines = 0;
    for (const child of node.children) childLines += visit(child);
    const lines = elementLines(node, childLines);
    counts.set(node, lines);
    return lines;
  };
  visit(root);
  return counts;
}

function openTag(node: XmlNode): string {
  let open = `<${node.name}`;
  for (const name of Object.keys(node.attributes)) {
    open += ` ${name}="${escapeXmlAttribute(node.attributes[name])}"`;
  }
  return open;
}

/** Lines [from, to) of the pretty text, without their line breaks; identical to prettyPrint's. */
export function prettyLines(root: XmlNode, counts: LineCounts, from: number, to: number): string[] {
  const out: string[] = [];
  let line = 0;
  const emit = (piece: string) => {
    // A text with line breaks spans several lines; only the wanted ones are cut out.
    let start = 0;
    for (;;) {
      const end = piece.indexOf('\n', start);
      if (line >= from && line < to) out.push(end === -1 ? piece.slice(start) : piece.slice(start, end));
      line++;
      if (end === -1 || line >= to) return;
      start = end + 1;
    }
  };
  // Recursion is bounded: the parser refuses documents nested deeper than maxXmlDepth.
  const visit = (node: XmlNode, pad: string) => {
    if (line >= to) return;
    const count = counts.get(node) ?? 0;
    if (line + count <= from) {
      line += count;
      return;
    }
    const open = pad + openTag(node);
    if (node.children.length === 0) {
      emit(node.text === '' ? `${open}/>` : `${open}>${escapeXmlText(node.text)}</${node.name}>`);
      return;
    }
    emit(`${open}>`);
    const inner = `${pad}  `;
    if (node.text !== '') emit(inner + escapeXmlText(node.text));
    for (const child of node.children) visit(child, inner);
    if (line < to) emit(`${pad}</${node.name}>`);
  };
  visit(root, '');
  return out;
}

/** Where each line of a plain text starts, for paging a text that was not parsed. */
export function lineStarts(text: string): Uint32Array {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return Uint32Array.from(starts);
}

/** Lines [from, to) of a plain text, given its line starts. */
export function plainLines(text: string, starts: Uint32Array, from: number, to: number): string[] {
  const out: string[] = [];
  for (let line = from; line < Math.min(to, starts.length); line++) {
    const end = line + 1 < starts.length ? starts[line + 1] - 1 : text.length;
    out.push(text.slice(starts[line], end));
  }
  return out;
}
