import type { DecodedDocument } from '../../../src-shared/documents';
import { openDocument } from './open-document';
import { prettyPrint } from './xml-pretty';

export { checkRawDocument, type RawDocumentInput } from './raw-document';

/**
 * The whole document at once, in this thread: the opened document plus its full pretty text.
 * The console pages instead (document-pages.ts); this is the reference the paged answers are
 * tested against, and what the attack and limit tests decode.
 */
export function decodeDocument(raw: unknown, documentId?: string): DecodedDocument {
  const opened = openDocument(raw, documentId);
  const result: DecodedDocument = {
    ...(opened.documentId === undefined ? {} : { documentId: opened.documentId }),
    filename: opened.filename,
    contentType: opened.contentType,
    size: opened.size,
    kind: opened.kind,
    warnings: opened.warnings,
  };
  if (opened.text !== undefined) result.text = opened.text;
  if (opened.tree) {
    result.tree = opened.tree.root;
    result.nodeCount = opened.tree.nodeCount;
    result.pretty = prettyPrint(opened.tree.root, opened.size + opened.size / 4);
  }
  if (opened.form) result.form = opened.form;
  if (opened.previewDataUrl) result.previewDataUrl = opened.previewDataUrl;
  return result;
}
