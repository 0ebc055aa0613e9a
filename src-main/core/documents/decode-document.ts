import type { DecodedDocument } from '../../../src-shared/documents';
import { Failure } from '../failure';
import { classifyDocument } from './classify';
import { decodeBase64Strict } from './decode-base64';
import { maxPreviewBytes } from './limits';
import { serviceRequestView } from './service-request';
import { parseXml } from './xml-parser';
import { prettyPrint } from './xml-pretty';
import { buildTree } from './xml-tree';

/** A document as operation 8 returns it (API.md): contents are base64. */
export interface RawDocumentInput {
  filename: string;
  contents: string;
  contentType: string;
}

/** Checks the shape of the service's answer; a missing or mistyped key is a bad response. */
export function checkRawDocument(raw: unknown): RawDocumentInput {
  if (raw === null || typeof raw !== 'object') {
    throw new Failure(
      'bad_response',
      'The service answered the document request with something that is not a document.',
    );
  }
  const record = raw as Record<string, unknown>;
  for (const key of ['filename', 'contents', 'contentType'] as const) {
    if (typeof record[key] !== 'string') {
      throw new Failure(
        'bad_response',
        `The service's document has no text "${key}", so it cannot be shown.`,
      );
    }
  }
  return record as unknown as RawDocumentInput;
}

/**
 * The whole pipeline, in this thread: strict base64, classification, and for XML the tree,
 * pretty text and form view. Bad XML is a warning on an `xml` result, never a throw; bad base64,
 * an oversized document or a malformed answer is a Failure.
 */
export function decodeDocument(raw: RawDocumentInput, documentId?: string): DecodedDocument {
  const document = checkRawDocument(raw);
  const bytes = decodeBase64Strict(document.contents);
  const { kind, mediaType, text, warnings } = classifyDocument(bytes, document.contentType);
  const result: DecodedDocument = {
    ...(documentId === undefined ? {} : { documentId }),
    filename: document.filename,
    contentType: document.contentType,
    size: bytes.length,
    kind,
    warnings,
  };
  if (text !== undefined) result.text = text;
  if (kind === 'xml' && text !== undefined) describeXml(text, result);
  if (kind === 'image' && mediaType && bytes.length <= maxPreviewBytes) {
    result.previewDataUrl = `data:${mediaType};base64,${bytes.toString('base64')}`;
  }
  return result;
}

function describeXml(text: string, result: DecodedDocument): void {
  const parsed = parseXml(text);
  if (!parsed.ok) {
    result.warnings.push(parsed.warning);
    return;
  }
  const built = buildTree(parsed.entries);
  if (!built.ok) {
    result.warnings.push(built.warning);
    return;
  }
  const { tree } = built;
  result.tree = tree.root;
  result.nodeCount = tree.nodeCount;
  result.pretty = prettyPrint(tree.root, text.length + text.length / 4);
  const view = serviceRequestView(tree.root);
  if (view) {
    result.form = view.form;
    result.warnings.push(...view.warnings);
  }
}
