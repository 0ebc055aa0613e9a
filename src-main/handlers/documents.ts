import type { DomainHandlers } from './handler-types';
import { getDocument, saveDocumentAs } from '../core/document-calls';

/** Documents: decoded for display, or saved where the user chooses. */
export const documentsHandlers: DomainHandlers<'documents'> = {
  'documents.get': (core, { profileId, documentId, href }) => getDocument(core, profileId, documentId, href),
  'documents.save': (core, { profileId, documentId }) => saveDocumentAs(core, profileId, documentId),
};
