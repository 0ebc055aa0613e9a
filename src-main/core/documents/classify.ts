import type { DocumentKind } from '../../../src-shared/documents';
import { shorten } from './limits';
import { decodeText } from './text-encoding';

/** What a document is, and what the classifier already worked out on the way. */
export interface Classification {
  kind: DocumentKind;
  /** For images: the media type the bytes show, which the preview uses (never the declared one). */
  mediaType?: string;
  /** For `xml` and `text`: the decoded text. */
  text?: string;
  warnings: string[];
}

type Family = DocumentKind | 'unknown';

const phrase: Record<DocumentKind, string> = {
  xml: 'XML',
  text: 'text',
  pdf: 'a PDF',
  image: 'an image',
  binary: 'binary data',
};

/**
 * Classifies by content type AND content: the bytes decide (a PDF labelled text/xml is a PDF),
 * the declared type breaks ties between XML and plain text, and a disagreement is reported.
 */
export function classifyDocument(bytes: Uint8Array, contentType: string): Classification {
  const family = familyOf(contentType);
  const magic = sniffMagic(bytes);
  let result: Classification;
  if (magic === 'application/pdf') {
    result = { kind: 'pdf', warnings: [] };
  } else if (magic) {
    result = { kind: 'image', mediaType: magic, warnings: [] };
  } else {
    const decoded = decodeText(bytes);
    if (!decoded) result = { kind: 'binary', warnings: [] };
    else {
      const xml = family === 'xml' || (family !== 'text' && looksLikeXml(decoded.text));
      result = { kind: xml ? 'xml' : 'text', text: decoded.text, warnings: [] };
    }
  }
  if (family !== 'unknown' && family !== result.kind) {
    result.warnings.push(
      `The service labelled this document "${shorten(contentType, 80)}", but its content is ${phrase[result.kind]}; it is shown as such.`,
    );
  }
  return result;
}

/** The media type the first bytes prove, for the formats the console shows. */
export function sniffMagic(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 16));
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (head.startsWith('\xff\xd8\xff')) return 'image/jpeg';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  if (head.startsWith('%PDF-')) return 'application/pdf';
  return undefined;
}

/** True when text starts like an XML document: a declaration, a comment or a start tag. */
export function looksLikeXml(text: string): boolean {
  return /^\s*<(?:\?xml|!|[A-Za-z_:])/.test(text);
}

function familyOf(contentType: string): Family {
  const type = contentType.split(';', 1)[0].trim().toLowerCase();
  if (type === '' || type === 'application/octet-stream' || type === 'binary/octet-stream') return 'unknown';
  if (type === 'application/pdf') return 'pdf';
  if (type.endsWith('/xml') || type.endsWith('+xml')) return 'xml';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('text/') || type.endsWith('/json') || type.endsWith('+json')) return 'text';
  if (type === 'application/javascript' || type === 'application/csv') return 'text';
  return 'binary';
}
