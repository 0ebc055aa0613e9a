import { looksLikeXml, sniffMagic } from './classify';
import { decodeText } from './text-encoding';

/** The extensions a saved document may get; anything else is saved as `.bin`, which opens nothing. */
export type SavedExtension = '.xml' | '.pdf' | '.png' | '.jpg' | '.txt' | '.bin';

const byMagic: Record<string, SavedExtension> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/**
 * The extension a document's CONTENT proves, never the service's word alone: magic bytes for PDF,
 * PNG and JPEG; an XML prolog (`<?xml`), or markup the service also labels XML, for `.xml`;
 * other readable text is `.txt` (so HTML opens in an editor, not a browser); the rest `.bin`.
 */
export function savedExtension(bytes: Uint8Array, contentType: string): SavedExtension {
  const magic = sniffMagic(bytes);
  if (magic) return byMagic[magic] ?? '.bin';
  const decoded = decodeText(bytes);
  if (!decoded) return '.bin';
  const text = decoded.text.replace(/^\uFEFF/, '');
  if (/^\s*<\?xml[\s?]/.test(text)) return '.xml';
  const declaredXml = /^[^;]*[/+]xml\s*(;|$)/i.test(contentType.trim());
  return declaredXml && looksLikeXml(text) ? '.xml' : '.txt';
}
