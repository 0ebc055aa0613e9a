import { useEffect, useState, type FormEvent } from 'react';
import type { DeliveryPayloadView, DeliveryStatus, DeliverySummary } from '../../../src-shared/inbox';
import { api } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { useRemote } from '../../lib/cache';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { MaskedJson } from '../../components/masked-json';
import { currentValue } from '../../lib/remote';
import { useInbox } from './inbox-store';
import { PayloadView, usePayloadCodes, type OpenPayloadDocument } from './payload-view';
import { ReceiverPanel } from './receiver-panel';
import { replyText } from './reply-text';
import { TestFormPanel } from './test-form-panel';

const filters: (DeliveryStatus | 'all')[] = ['all', 'new', 'in progress', 'handled', 'rejected'];

/** The REST API step's calls as they arrive, newest first; one opens its process, documents and walk. */
export function InboxScreen({
  profileId,
  live,
  profileNames,
  onOpenDocument,
}: {
  profileId: string;
  live: boolean;
  /** Every profile's name by id, for the Profile column when all profiles are listed. */
  profileNames: ReadonlyMap<string, string>;
  onOpenDocument: OpenPayloadDocument;
}) {
  const deliveries = useInbox((state) => state.deliveries);
  const filter = useInbox((state) => state.filter);
  const allProfiles = useInbox((state) => state.allProfiles);
  const load = useInbox((state) => state.load);
  const setFilter = useInbox((state) => state.setFilter);
  const setScope = useInbox((state) => state.setScope);
  const [selected, setSelected] = useState<string | null>(null);

  // Deliveries belong to their profile: the active one's are listed unless the user asks for all.
  useEffect(() => {
    setScope(profileId, useInbox.getState().allProfiles);
    void load();
  }, [load, setScope, profileId]);

  const list = deliveries.status === 'ready' ? deliveries.value : [];
  return (
    <div className="screen">
      <header className="screen-header">
        <h1>Inbox</h1>
        <span className="muted">Calls from the service’s REST API steps, received by this console</span>
      </header>
      <ReceiverPanel profileId={profileId} />
      <TestFormPanel profileId={profileId} live={live} />
      <OpenFromPayload profileId={profileId} onOpenDocument={onOpenDocument} />
      <div className="toolbar" role="group" aria-label="Filter deliveries by status">
        {filters.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            className={filter === option ? 'small-button active' : 'small-button'}
            onClick={() => setFilter(option)}
          >
            {option === 'all' ? 'All' : option[0]!.toUpperCase() + option.slice(1)}
          </button>
        ))}
      </div>
      <div className="toolbar" role="group" aria-label="Show deliveries of">
        {([false, true] as const).map((all) => (
          <button
            key={String(all)}
            type="button"
            aria-pressed={allProfiles === all}
            className={allProfiles === all ? 'small-button active' : 'small-button'}
            onClick={() => setScope(profileId, all)}
          >
            {all ? 'All profiles' : 'This profile'}
          </button>
        ))}
      </div>
      {deliveries.status === 'error' && <CallError error={deliveries.error} onRetry={() => void load()} />}
      {/* Beside a delivery the list takes one column; alone, the whole width, not half a screen left empty. */}
      <div className={selected ? 'two-columns wide-detail' : undefined}>
        <div>
          {deliveries.status === 'ready' && list.length === 0 && (
            <p className="muted empty">
              No deliveries {allProfiles ? 'yet' : 'for this profile yet'}. Submit a test form, or point a
              REST API step at the delivery URL.
            </p>
          )}
          {list.length > 0 && (
            <table className="table" aria-label="Deliveries">
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Process</th>
                  <th scope="col">Status</th>
                  {allProfiles && <th scope="col">Profile</th>}
                </tr>
              </thead>
              <tbody>
                {list.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    selected={delivery.id === selected}
                    onSelect={() => setSelected(delivery.id)}
                    profileName={
                      allProfiles ? (profileNames.get(delivery.profileId) ?? 'A deleted profile') : null
                    }
                  />
                ))}
              </tbody>
            </table>
          )}
        </div>
        {selected && (
          <DeliveryDetail
            deliveryId={selected}
            profileId={profileId}
            profileNames={profileNames}
            onOpenDocument={onOpenDocument}
          />
        )}
      </div>
    </div>
  );
}

function DeliveryRow({
  delivery,
  selected,
  onSelect,
  profileName,
}: {
  delivery: DeliverySummary;
  selected: boolean;
  onSelect: () => void;
  /** Shown in the Profile column when every profile's deliveries are listed. */
  profileName: string | null;
}) {
  return (
    <tr className={selected ? 'selected' : undefined}>
      <td>
        <button
          type="button"
          className="link-button delivery-time"
          aria-current={selected}
          onClick={onSelect}
        >
          {delivery.receivedAt.replace('T', ' ').slice(0, 19)}
        </button>
      </td>
      <td>
        {delivery.externalReference ?? '—'}
        <span className="muted small block">
          {delivery.documentCount} document(s), {delivery.fieldCount} field(s), {replyText(delivery)}
        </span>
      </td>
      <td>
        <span className={`delivery-status status-${delivery.status.replace(' ', '-')}`}>
          {delivery.status}
        </span>
        {delivery.reason && <span className="small block error-text">{delivery.reason}</span>}
      </td>
      {profileName !== null && <td>{profileName}</td>}
    </tr>
  );
}

function DeliveryDetail({
  deliveryId,
  profileId,
  profileNames,
  onOpenDocument,
}: {
  deliveryId: string;
  profileId: string;
  profileNames: ReadonlyMap<string, string>;
  onOpenDocument: OpenPayloadDocument;
}) {
  const go = useNavigation((state) => state.go);
  const openProcess = useNavigation((state) => state.openProcess);
  // Kept current by the delivery events (see App), which invalidate it.
  const [remote, reload] = useRemote('inbox.get', { deliveryId });
  const shown = currentValue(remote);
  // A delivery of another profile is never looked up on the active profile's tenant.
  const own = shown?.profileId === profileId;
  const codes = usePayloadCodes(own ? profileId : null, shown?.view ?? null);
  if (remote.status === 'error') return <CallError error={remote.error} onRetry={reload} />;
  if (remote.status !== 'ready') return null;
  const delivery = remote.value;
  return (
    <section className="panel" aria-label="Delivery">
      <h2>Delivery {delivery.externalReference ?? ''}</h2>
      <p className="muted small">
        {delivery.method} {delivery.path} · {replyText(delivery)} · {delivery.status}
      </p>
      {!own && (
        <p className="warning-text">
          This delivery came to the profile {profileNames.get(delivery.profileId) ?? 'that was deleted'}; its
          process lives on that tenant.
        </p>
      )}
      {delivery.view ? (
        <>
          <div className="button-row">
            <button
              type="button"
              className="primary"
              onClick={() => go({ name: 'walk', deliveryId: delivery.id })}
            >
              Walk the pattern
            </button>
            <button type="button" disabled={!own} onClick={() => openProcess(delivery.view!.processId)}>
              Open process
            </button>
          </div>
          {own && <PayloadView view={delivery.view} profileId={profileId} onOpenDocument={onOpenDocument} />}
        </>
      ) : (
        <p role="alert" className="error-text">
          {delivery.reason ?? 'This delivery is not a valid payload.'}
        </p>
      )}
      <details>
        <summary>Headers and body as received</summary>
        <MaskedJson
          value={{
            headers: delivery.headers,
            body: delivery.payload ?? delivery.rawExcerpt,
            reply: delivery.replyBody,
          }}
          codes={codes}
        />
      </details>
    </section>
  );
}

/** Reads a payload pasted from a back-office log, to get the same view as a delivery. */
function OpenFromPayload({
  profileId,
  onOpenDocument,
}: {
  profileId: string;
  onOpenDocument: OpenPayloadDocument;
}) {
  const [text, setText] = useState('');
  const [view, setView] = useState<DeliveryPayloadView | null>(null);
  const [error, setError] = useState<CallFailure | null>(null);
  const openProcess = useNavigation((state) => state.openProcess);

  async function read(event: FormEvent) {
    event.preventDefault();
    const result = await api.inbox.parsePayload({ json: text });
    if (result.ok) {
      setView(result.value);
      setError(null);
    } else {
      setView(null);
      setError(result.error);
    }
  }

  return (
    <details className="panel">
      <summary>
        <strong>Open from payload</strong>{' '}
        <span className="muted">paste a payload from a back-office log</span>
      </summary>
      <form className="form" onSubmit={read} aria-label="Open from payload">
        <label className="field">
          <span>Payload JSON</span>
          <textarea
            className="mono"
            rows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <div className="button-row">
          <button type="submit" disabled={!text.trim()}>
            Read payload
          </button>
          {view && (
            <button type="button" onClick={() => openProcess(view.processId)}>
              Open process
            </button>
          )}
        </div>
        {error && <CallError error={error} inline />}
      </form>
      {view && <PayloadView view={view} profileId={profileId} onOpenDocument={onOpenDocument} />}
    </details>
  );
}
