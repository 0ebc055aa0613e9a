import type { DocumentView } from '../../src-shared/documents';
import { documentIdFromPath } from '../../src-shared/process-paths';
import type { Core } from './create-core';
import { answerTooLarge, maxAnswerBytes } from './documents/decode-base64';
import { savedExtension } from './documents/file-type';
import { saveDocument } from './documents/save-document';
import { Failure } from './failure';
import { documentFileName } from './save-path';

/** Fetches a document by id or by the payload's href and decodes it for display, in the worker. */
export async function getDocument(
  core: Pick<Core, 'client' | 'documents'>,
  profileId: string,
  documentId?: string,
  href?: string,
  signal?: AbortSignal,
): Promise<DocumentView> {
  // The answer stays bytes in main: the worker reads, cleans, checks and decodes it.
  const answer = await core.client.getDocumentAnswer(
    profileId,
    documentId !== undefined ? { documentId } : { href: href! },
    { limit: maxAnswerBytes, refuse: answerTooLarge },
    { signal },
  );
  const fromLink =
    href === undefined ? null : documentIdFromPath(new URL(href, 'http://link.invalid').pathname);
  return core.documents.open(answer, documentId ?? fromLink ?? undefined);
}

/**
 * Fetches a document again and writes its decoded bytes where the user chose, suggesting a safe
 * name whose extension the content proves (the service's name and type are not trusted).
 */
export async function saveDocumentAs(
  core: Pick<Core, 'client' | 'chooseSavePath' | 'documents'>,
  profileId: string,
  documentId: string,
): Promise<{ path: string; bytes: number }> {
  // Like opening: the answer stays bytes in main and the worker reads and decodes it, so the
  // file holds the document's original bytes and main never holds the base64 as text.
  const answer = await core.client.getDocumentAnswer(
    profileId,
    { documentId },
    { limit: maxAnswerBytes, refuse: answerTooLarge },
  );
  const raw = await core.documents.read(answer);
  const bytes = new Uint8Array(raw.bytes);
  // Main picks the place (the native dialog, or Downloads): the renderer never names a path.
  const suggested = documentFileName(raw.filename, savedExtension(bytes, raw.contentType));
  const target = await core.chooseSavePath(suggested);
  if (!target) throw new Failure('cancelled', 'Save cancelled.');
  const saved = await saveDocument(bytes, target);
  return { path: saved.path, bytes: saved.size };
}
