import type { DocumentMeta, XmlNode } from '../../../src-shared/documents';
import type { Buffer } from 'node:buffer';
import { classifyDocument } from './classify';
import { decodeBase64Strict } from './decode-base64';
import { maxPreviewBytes } from './limits';
import { serviceRequestView } from './service-request';
import { checkRawDocument } from './raw-document';
import { xmlTextWarning } from './xml-parser';
import { lineStarts, type LineCounts } from './xml-pretty-lines';
import { treeOfValidXml } from './xml-tree';
import { freeBytes } from './own-bytes';

/** A decoded document as main keeps it for paging: one tree, one text, nothing printed yet. */
export interface OpenedDocument extends DocumentMeta {
  /** The decoded text (XML and text kinds): what Copy gives and what an unparsed view pages. */
  text?: string;
  tree?: { root: XmlNode; nodeCount: number; lines: LineCounts };
  /** Line starts of `text`, when the raw view shows the text itself rather than pretty XML. */
  textLines?: Uint32Array;
}

/**
 * The whole pipeline: strict base64, classification, and for XML the tree, its line counts and
 * the form view. Bad XML is a warning, never a throw; bad base64, an oversized document or a
 * malformed answer is a Failure. The pretty text is not built here (xml-pretty-lines.ts).
 */
export function openDocument(raw: unknown, documentId?: string): OpenedDocument {
  const { filename, contentType, contents } = checkRawDocument(raw);
  return openBytes({ filename, contentType, bytes: decodeBase64Strict(contents) }, documentId);
}

/** A document whose base64 is already decoded: what is left of the answer once it is read. */
export interface DocumentBytes {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * {@link openDocument} from the decoded bytes, so the worker need not keep the base64 text
 * (13 MiB for a 10 MiB document) alive while it parses. With `consume`, bytes that became text
 * are freed at once (the caller's buffer is emptied), not after the parse at the next collection.
 */
export function openBytes(
  document: DocumentBytes,
  documentId?: string,
  { consume = false }: { consume?: boolean } = {},
): OpenedDocument {
  const { bytes } = document;
  const { kind, mediaType, text, warnings } = classifyDocument(bytes, document.contentType);
  const size = bytes.length;
  if (consume && text !== undefined) freeBytes(bytes);
  const opened: OpenedDocument = {
    ...(documentId === undefined ? {} : { documentId }),
    filename: document.filename,
    contentType: document.contentType,
    size,
    kind,
    warnings,
  };
  if (text !== undefined) opened.text = text;
  if (kind === 'xml' && text !== undefined) describeXml(text, opened);
  if (text !== undefined && !opened.tree) opened.textLines = lineStarts(text);
  if (kind === 'image' && mediaType && size <= maxPreviewBytes) {
    opened.previewDataUrl = `data:${mediaType};base64,${bytes.toString('base64')}`;
  }
  return opened;
}

function describeXml(text: string, opened: OpenedDocument): void {
  const refused = xmlTextWarning(text);
  if (refused !== undefined) {
    opened.warnings.push(refused);
    return;
  }
  const built = treeOfValidXml(text);
  if (!built.ok) {
    opened.warnings.push(built.warning);
    return;
  }
  const { root, nodeCount, lines } = built.tree;
  opened.tree = { root, nodeCount, lines };
  const view = serviceRequestView(root);
  if (view) {
    opened.form = view.form;
    opened.warnings.push(...view.warnings);
  }
}

/** Rough bytes the kept copy holds, for the cache's bound: the text, the tree and its counts. */
export function estimatedBytes(opened: OpenedDocument): number {
  const text = (opened.text?.length ?? 0) * 2;
  const tree = (opened.tree?.nodeCount ?? 0) * 400;
  return 4096 + text + tree + (opened.textLines?.byteLength ?? 0) + (opened.previewDataUrl?.length ?? 0);
}
