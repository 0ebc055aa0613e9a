import type {
  DocumentView,
  SearchPage,
  TextPage,
  TreePage,
  XmlNode,
  XmlNodeSummary,
} from '../../../src-shared/documents';
import { Failure } from '../failure';
import { firstPageLines, firstPageNodes, maxLineChars, maxTreeTextChars } from './limits';
import type { OpenedDocument } from './open-document';
import { plainLines, prettyLines } from './xml-pretty-lines';

/*
 * Pages of an opened document: what the renderer asks for as the user expands, scrolls and
 * searches. Pure functions of the kept copy, so main, a worker and the tests run the same code.
 */

function cut(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en-GB')} more characters)`;
}

function summary(node: XmlNode, path: string): XmlNodeSummary {
  return {
    path,
    name: node.name,
    attributes: node.attributes,
    text: cut(node.text, maxTreeTextChars),
    childCount: node.children.length,
  };
}

function nodeAt(opened: OpenedDocument, path: string): XmlNode {
  const parts = path.split('.');
  let node = opened.tree?.root;
  for (let at = 1; node && at < parts.length; at++) node = node.children[Number(parts[at])];
  if (!node || parts[0] !== '0') {
    throw new Failure(
      'not_found',
      `This document has no element at ${path}; it may have been opened again since.`,
    );
  }
  return node;
}

/** A page of an element's children; beyond the end is an empty page, not an error. */
export function treePage(opened: OpenedDocument, path: string, offset: number, limit: number): TreePage {
  const node = nodeAt(opened, path);
  const children = node.children
    .slice(offset, offset + limit)
    .map((child, index) => summary(child, `${path}.${offset + index}`));
  return { path, offset, total: node.children.length, children };
}

/** How many lines the raw view has: the pretty text's for parsed XML, else the text's. */
export function lineCount(opened: OpenedDocument): number {
  if (opened.tree) return opened.tree.lines.get(opened.tree.root) ?? 0;
  return opened.textLines?.length ?? 0;
}

/** Lines [fromLine, toLine) of the raw view; each cut to a length a screen can show. */
export function textPage(opened: OpenedDocument, fromLine: number, toLine: number): TextPage {
  const total = lineCount(opened);
  const to = Math.min(toLine, total);
  let lines: string[] = [];
  if (fromLine < to && opened.tree) lines = prettyLines(opened.tree.root, opened.tree.lines, fromLine, to);
  else if (fromLine < to && opened.text !== undefined && opened.textLines) {
    lines = plainLines(opened.text, opened.textLines, fromLine, to);
  }
  return { fromLine, lineCount: total, lines: lines.map((line) => cut(line, maxLineChars)) };
}

function matches(node: XmlNode, query: string): boolean {
  if (node.name.toLowerCase().includes(query) || node.text.toLowerCase().includes(query)) return true;
  for (const [name, value] of Object.entries(node.attributes)) {
    if (name.toLowerCase().includes(query) || value.toLowerCase().includes(query)) return true;
  }
  return false;
}

/** Every element matching the query, in document order; the caller keeps it for later pages. */
export function searchTree(opened: OpenedDocument, query: string): string[] {
  const root = opened.tree?.root;
  if (!root) return [];
  const wanted = query.trim().toLowerCase();
  const found: string[] = [];
  const visit = (node: XmlNode, path: string) => {
    if (matches(node, wanted)) found.push(path);
    node.children.forEach((child, index) => visit(child, `${path}.${index}`));
  };
  visit(root, '0');
  return found;
}

/** One page of a search's matches. */
export function searchPage(query: string, paths: string[], offset: number, limit: number): SearchPage {
  return { query, offset, total: paths.length, paths: paths.slice(offset, offset + limit) };
}

/** The first answer: metadata, counts, form view, the root with its first children, the first lines. */
export function firstAnswer(opened: OpenedDocument, documentRef: string): DocumentView {
  const view: DocumentView = {
    documentRef,
    ...(opened.documentId === undefined ? {} : { documentId: opened.documentId }),
    filename: opened.filename,
    contentType: opened.contentType,
    size: opened.size,
    kind: opened.kind,
    warnings: opened.warnings,
  };
  if (opened.tree) {
    view.nodeCount = opened.tree.nodeCount;
    view.tree = {
      root: summary(opened.tree.root, '0'),
      firstChildren: treePage(opened, '0', 0, firstPageNodes),
    };
  }
  if (opened.form) view.form = opened.form;
  if (opened.previewDataUrl) view.previewDataUrl = opened.previewDataUrl;
  if (opened.text !== undefined) view.text = textPage(opened, 0, firstPageLines);
  return view;
}
