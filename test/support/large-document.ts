import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { serviceRequestOfSize } from '../unit/src-main/core/documents/service-request-fixture';

/** The file name of the large document. */
export const largeDocumentName = 'bulk-submission.xml';

/**
 * Attaches a ServiceRequest document of about `bytes` to a process in a reference service's data
 * folder, written to the service's real database (which it reads on every request). Returns the
 * document's XML, so a test can check what the console shows against it.
 */
export function addLargeDocument(
  sandboxDataDir: string,
  processId: string,
  bytes: number,
  filename = largeDocumentName,
): string {
  const xml = serviceRequestOfSize(bytes);
  addDocument(sandboxDataDir, processId, xml, filename);
  return xml;
}

/** Attaches an XML document, as it is, to a process in a reference service's data folder. */
export function addDocument(sandboxDataDir: string, processId: string, xml: string, filename: string): void {
  const db = new DatabaseSync(join(sandboxDataDir, 'sandbox.db'));
  db.exec('PRAGMA busy_timeout = 5000');
  db.prepare(
    `INSERT INTO documents (document_id, process_id, filename, content_type, contents, created_on)
     VALUES (?, ?, ?, 'text/xml', ?, ?)`,
  ).run(randomUUID(), processId, filename, Buffer.from(xml), new Date().toISOString().slice(0, 19));
  db.close();
}
