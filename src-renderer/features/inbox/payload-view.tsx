import type { DeliveryPayloadView } from '../../../src-shared/inbox';

/** What a payload says: the process, its documents (with an Open each) and its fields. */
export function PayloadView({
  view,
  onOpenDocument,
}: {
  view: DeliveryPayloadView;
  onOpenDocument?: (documentId: string, name: string) => void;
}) {
  return (
    <div className="payload-view">
      <dl className="facts">
        <dt>Process id</dt>
        <dd>
          <code>{view.processId}</code>
        </dd>
        <dt>External reference</dt>
        <dd>{view.externalReference || '—'}</dd>
        {view.subscriptionId && (
          <>
            <dt>Subscription</dt>
            <dd>
              <code>{view.subscriptionId}</code>
            </dd>
          </>
        )}
        {view.geoTag && (
          <>
            <dt>Geo tag</dt>
            <dd>{view.geoTag}</dd>
          </>
        )}
      </dl>
      <h4>Documents</h4>
      {view.documents.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="plain-list">
          {view.documents.map((document, index) => (
            <li key={`${document.href}-${index}`}>
              {document.name} <span className="muted">{document.contentType}</span>{' '}
              {document.documentId && onOpenDocument && (
                <button
                  type="button"
                  className="small-button"
                  onClick={() => onOpenDocument(document.documentId!, document.name)}
                >
                  Open {document.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h4>Fields</h4>
      {view.fields.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="table compact" aria-label="Payload fields">
          <tbody>
            {view.fields.map((field) => (
              <tr key={field.code}>
                <th scope="row">{field.label}</th>
                <td>
                  <code>{field.code}</code>
                </td>
                <td>{field.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
