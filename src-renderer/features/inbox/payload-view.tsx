import { useState } from 'react';
import { confidentialCodes } from '../../../src-shared/confidential-values';
import type { DeliveryPayloadView } from '../../../src-shared/inbox';
import type { NamedValue } from '../../../src-shared/quoted-values';
import { ConfidentialValue } from '../../components/confidential-value';
import { useProcessLookup } from '../../lib/process-cache';
import { currentValue } from '../../lib/remote';

/**
 * The confidential field codes of a payload's process, read with the profile. Until the process
 * is known (or if this profile cannot read it) every field of the payload counts as confidential:
 * a payload does not say which of its values are, so it is masked rather than guessed at.
 */
export function usePayloadCodes(
  profileId: string | null,
  view: DeliveryPayloadView | null,
): ReadonlySet<string> {
  // Null profile: the delivery came to another profile, whose tenant is not asked from here.
  const process = currentValue(useProcessLookup(view ? profileId : null, view?.processId ?? '')[0]);
  if (process && view && process.processId === view.processId) return confidentialCodes(process.fields);
  return new Set(view?.fields.map((field) => field.code) ?? []);
}

/**
 * The payload's values the document viewer masks, by the same rule as its fields (`codes` from
 * usePayloadCodes): those of the process's confidential fields, or every field's until the
 * process is known.
 */
export function payloadConfidentialValues(
  view: DeliveryPayloadView | null,
  codes: ReadonlySet<string>,
): NamedValue[] {
  return (view?.fields ?? [])
    .filter((field) => codes.has(field.code))
    .map((field) => ({ name: field.label, value: field.value }));
}

/** Opens a payload's document, with the values its viewer masks. */
export type OpenPayloadDocument = (
  documentId: string,
  name: string,
  confidential: readonly NamedValue[],
) => void;

/** What a payload says: the process, its documents (with an Open each) and its fields. */
export function PayloadView({
  view,
  profileId,
  onOpenDocument,
}: {
  view: DeliveryPayloadView;
  profileId: string;
  onOpenDocument?: OpenPayloadDocument;
}) {
  const codes = usePayloadCodes(profileId, view);
  const confidential = payloadConfidentialValues(view, codes);
  const [revealed, setRevealed] = useState<string | null>(null);
  return (
    <div className="payload-view">
      <dl className="facts">
        <dt>Process id</dt>
        <dd>
          <code className="mono-id">{view.processId}</code>
        </dd>
        <dt>External reference</dt>
        <dd>{view.externalReference || '—'}</dd>
        {view.subscriptionId && (
          <>
            <dt>Subscription</dt>
            <dd>
              <code className="mono-id">{view.subscriptionId}</code>
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
                  onClick={() => onOpenDocument(document.documentId!, document.name, confidential)}
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
                <td>
                  {codes.has(field.code) ? (
                    <ConfidentialValue
                      value={field.value}
                      label={field.label}
                      shown={revealed === field.code}
                      onToggle={() => setRevealed(revealed === field.code ? null : field.code)}
                    />
                  ) : (
                    field.value
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
