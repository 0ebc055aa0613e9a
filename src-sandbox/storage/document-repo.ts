import type { DocumentSummary } from '../domain/api-types';
import type { Db } from './db';

/** A stored document with its bytes. */
export interface StoredDocument {
  documentId: string;
  processId: string;
  filename: string;
  contentType: string;
  contents: Buffer;
}

type DocumentRow = Omit<StoredDocument, 'contents'> & { contents: Uint8Array };

/** Documents attached to processes. */
export type DocumentRepo = ReturnType<typeof createDocumentRepo>;

/** The href the API and the REST payload give for a document. */
export function documentHref(documentId: string): string {
  return `/open-api/documents/${documentId}`;
}

/** Prepares the statements for documents once per connection. */
export function createDocumentRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO documents (document_id, process_id, filename, content_type, contents,
    created_on) VALUES (@documentId, @processId, @filename, @contentType, @contents, @createdOn)`);
  const byId = db.prepare(`SELECT document_id AS documentId, process_id AS processId, filename,
    content_type AS contentType, contents FROM documents WHERE document_id = ?`);
  const ofProcess = db.prepare(`SELECT document_id AS documentId, filename, content_type AS contentType
    FROM documents WHERE process_id = ? ORDER BY seq`);

  return {
    insert(document: StoredDocument, createdOn: string): void {
      insert.run({ ...document, createdOn });
    },
    get(documentId: string): StoredDocument | undefined {
      const row = byId.get(documentId) as DocumentRow | undefined;
      if (!row) return undefined;
      // node:sqlite reads a BLOB as a plain Uint8Array; callers want a Buffer (base64). No copy.
      const { contents } = row;
      return { ...row, contents: Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength) };
    },
    list(processId: string): DocumentSummary[] {
      return (ofProcess.all(processId) as Array<Omit<DocumentSummary, 'href'>>).map((row) => ({
        ...row,
        href: documentHref(row.documentId),
      }));
    },
  };
}
