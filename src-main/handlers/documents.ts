import type { DomainHandlers } from './handler-types';
import { getDocument, saveDocumentAs } from '../core/document-calls';

/** Documents: opened for display and paged from main's kept copy, or saved where the user chooses. */
export const documentsHandlers: DomainHandlers<'documents'> = {
  'documents.get': (core, { profileId, documentId, href }, { signal }) =>
    getDocument(core, profileId, documentId, href, signal),
  'documents.tree': (core, { documentRef, path, offset, limit }) =>
    core.documents.page({ type: 'tree', ref: documentRef, path, offset, limit }),
  'documents.text': (core, { documentRef, fromLine, toLine }) =>
    core.documents.page({ type: 'text', ref: documentRef, fromLine, toLine }),
  'documents.search': (core, { documentRef, query, offset, limit }) =>
    core.documents.page({ type: 'search', ref: documentRef, query, offset, limit }),
  'documents.source': (core, { documentRef }) => core.documents.page({ type: 'source', ref: documentRef }),
  'documents.close': async (core, { documentRef }) => {
    const { closed } = await core.documents.page({ type: 'close', ref: documentRef });
    return { closed };
  },
  'documents.save': (core, { profileId, documentId }) => saveDocumentAs(core, profileId, documentId),
};
