import { useState, type FormEvent } from 'react';
import type { MappingCheck } from '../../../src-shared/discovery';
import type { ProfileView } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { TextField } from '../../components/text-field';
import { api } from '../../lib/api';
import { DiscoveryReview } from './discovery-review';
import { useDiscovery } from './discovery-store';

/**
 * The tenant's API description for a profile: when it was last read (and whether it changed
 * since), "Read the tenant's API description" with its review, and "Check the mapping". A failed
 * connection test may start the read too (discovery-store.ts).
 */
export function DiscoveryPanel({
  profile,
  onApplied,
}: {
  profile: ProfileView;
  onApplied: (saved: ProfileView) => void;
}) {
  const remote = useDiscovery((state) => state.byProfile[profile.id]) ?? { status: 'idle' };
  const read = useDiscovery((state) => state.read);
  const close = useDiscovery((state) => state.close);
  const last = profile.lastDescription;

  return (
    <section className="panel" aria-label="API description">
      <h3>API description</h3>
      {last ? (
        <p>
          Last read {new Date(last.readAt).toLocaleString()}: {last.title} {last.version} (
          <code title={last.hash}>{last.hash.slice(0, 12)}</code>)
        </p>
      ) : (
        <p className="muted">Not read yet.</p>
      )}
      {last?.changedFrom && (
        <p role="status" className="warning-box">
          The tenant&apos;s description changed since it was read on{' '}
          {new Date(last.changedFrom.readAt).toLocaleString()}; review the proposal before relying on the
          endpoint map.
        </p>
      )}
      <div className="button-row">
        <button type="button" onClick={() => void read(profile.id)} disabled={remote.status === 'loading'}>
          {remote.status === 'loading' ? 'Reading…' : "Read the tenant's API description"}
        </button>
      </div>
      {remote.status === 'error' && <CallError error={remote.error} inline />}
      {remote.status === 'ready' && (
        <DiscoveryReview
          key={remote.value.description.readAt}
          profile={profile}
          result={remote.value}
          onCancel={() => close(profile.id)}
          onApplied={(saved) => {
            close(profile.id);
            onApplied(saved);
          }}
        />
      )}
      <MappingCheckForm profileId={profile.id} />
    </section>
  );
}

function MappingCheckForm({ profileId }: { profileId: string }) {
  const [reference, setReference] = useState('');
  const [check, setCheck] = useState<MappingCheck | null>(null);
  const [error, setError] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await api.profiles.checkMapping({ profileId, externalReference: reference });
    setBusy(false);
    if (answer.ok) setCheck(answer.value);
    else setError(answer.error);
  }

  return (
    <form className="form mapping-check-form" onSubmit={run} aria-label="Check the mapping">
      <TextField
        label="External reference of a process to read"
        value={reference}
        onChange={setReference}
        hint="Only read operations run: by reference, steps, current step, its first document"
      />
      <div className="button-row">
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Check the mapping'}
        </button>
      </div>
      {error && <CallError error={error} inline />}
      {check && (
        <ul aria-label="Mapping check" className="mapping-check">
          {check.items.map((item) => (
            <li key={item.operation} className={item.outcome === 'failed' ? 'error-text' : undefined}>
              <strong>{item.operation}</strong>{' '}
              <code>
                {item.method} {item.path}
              </code>
              : {item.outcome}
              {item.status !== null && ` (HTTP ${item.status})`}
              {item.fieldsOk === true && ', fields present'}
              {item.fieldsOk === false && ', fields missing'}. {item.message}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
