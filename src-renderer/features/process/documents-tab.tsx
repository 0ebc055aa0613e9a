import type { DocumentSummary, Process } from '../../../src-shared/api';

/** The process's documents; opening one shows the viewer. */
export function DocumentsTab({
  process,
  onOpen,
}: {
  process: Process;
  onOpen: (document: DocumentSummary) => void;
}) {
  if (process.documents.length === 0)
    return <p className="muted empty">No documents are attached to this process.</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">File name</th>
          <th scope="col">Type</th>
          <th scope="col">Document id</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {process.documents.map((document) => (
          <tr key={document.documentId}>
            <td>{document.filename}</td>
            <td>{document.contentType}</td>
            <td>
              <code className="mono-id">{document.documentId}</code>
            </td>
            <td>
              <button type="button" onClick={() => onOpen(document)} aria-label={`Open ${document.filename}`}>
                Open
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
