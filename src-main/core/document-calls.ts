import type { DecodedDocument } from '../../src-shared/documents';
import type { Core } from './create-core';
import { decodeBase64Strict } from './documents/decode-base64';
import { saveDocument } from './documents/save-document';
import { Failure } from './failure';
import { safeFileName } from './save-path';

/** The document id at the end of a payload's `href` (`/open-api/documents/<id>`). */
function idFromHref(href: string): string | undefined {
  const last = href.split('?')[0]!.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : undefined;
}

/** Fetches a document by id or by the payload's href and decodes it for display. */
export async function getDocument(
  core: Core,
  profileId: string,
  documentId?: string,
  href?: string,
): Promise<DecodedDocument> {
  const raw = await core.client.getDocument(
    profileId,
    documentId !== undefined ? { documentId } : { href: href! },
  );
  return core.documents.decode(raw, documentId ?? (href ? idFromHref(href) : undefined));
}

/** Fetches a document again and writes its decoded bytes where the user chose. */
export async function saveDocumentAs(
  core: Core,
  profileId: string,
  documentId: string,
): Promise<{ path: string; bytes: number }> {
  const raw = await core.client.getDocument(profileId, { documentId });
  const bytes = decodeBase64Strict(raw.contents);
  // Main picks the place (the native dialog, or Downloads): the renderer never names a path.
  const target = await core.chooseSavePath(safeFileName(raw.filename));
  if (!target) throw new Failure('cancelled', 'Save cancelled.');
  const saved = await saveDocument(bytes, target);
  return { path: saved.path, bytes: saved.size };
}
