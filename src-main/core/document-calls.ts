import type { DecodedDocument } from '../../src-shared/documents';
import { documentIdFromPath } from '../../src-shared/process-paths';
import type { Core } from './create-core';
import { decodeBase64Strict } from './documents/decode-base64';
import { saveDocument } from './documents/save-document';
import { Failure } from './failure';
import { safeFileName } from './save-path';

/** Fetches a document by id or by the payload's href and decodes it for display. */
export async function getDocument(
  core: Pick<Core, 'client' | 'documents'>,
  profileId: string,
  documentId?: string,
  href?: string,
): Promise<DecodedDocument> {
  const raw = await core.client.getDocument(
    profileId,
    documentId !== undefined ? { documentId } : { href: href! },
  );
  const fromLink =
    href === undefined ? null : documentIdFromPath(new URL(href, 'http://link.invalid').pathname);
  return core.documents.decode(raw, documentId ?? fromLink ?? undefined);
}

/** Fetches a document again and writes its decoded bytes where the user chose. */
export async function saveDocumentAs(
  core: Pick<Core, 'client' | 'chooseSavePath'>,
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
