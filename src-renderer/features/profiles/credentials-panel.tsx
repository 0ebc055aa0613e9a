import { useState, type FormEvent } from 'react';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { headerNamesUnconfirmed, type ProfileView } from '../../../src-shared/profile';
import { api } from '../../lib/api';

/**
 * Sets or clears a profile's API key and secret. The codes go to main once and are never shown
 * again: afterwards only "Key stored, ends in 7f3a" is.
 */
export function CredentialsPanel({
  profile,
  onChanged,
  onDiscover,
}: {
  profile: ProfileView;
  onChanged: () => void;
  /** Offered when the connection test meets a 404: the paths may be other than the defaults. */
  onDiscover?: () => void;
}) {
  const [editing, setEditing] = useState(!profile.hasCredentials);
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [error, setError] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; text: string; notFound?: boolean } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!apiKey.trim() || !apiSecret.trim()) {
      setError({ code: 'invalid_input', message: 'Enter both the API key and the API secret.' });
      return;
    }
    setBusy(true);
    const result = await api.profiles.setCredentials({
      profileId: profile.id,
      apiKey,
      apiSecret,
      // No sessionOnly: main applies the session's choice (profiles.keepForSession).
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setApiKey('');
    setApiSecret('');
    setError(null);
    setEditing(false);
    onChanged();
  }

  async function clear() {
    setBusy(true);
    const result = await api.profiles.clearCredentials({ profileId: profile.id });
    setBusy(false);
    if (!result.ok) setError(result.error);
    else {
      setEditing(true);
      onChanged();
    }
  }

  async function testConnection() {
    setTest({ ok: true, text: 'Testing…' });
    const result = await api.profiles.test({ profileId: profile.id });
    setTest(
      result.ok
        ? { ok: true, text: `${result.value.message} (${result.value.latencyMs} ms)` }
        : {
            ok: false,
            text: result.error.message,
            // A 404 (the paths differ) or, with header names never confirmed, a 401 (the key may be
            // sent under names the tenant does not use): the tenant's description says which.
            notFound:
              result.error.status === 404 ||
              (result.error.status === 401 &&
                headerNamesUnconfirmed(profile, profile.lastDescription !== null)),
          },
    );
  }

  return (
    <section className="panel" aria-label="Credentials">
      <h3>Credentials</h3>
      {profile.hasCredentials && !editing ? (
        <p>
          Key stored{profile.credentialStore === 'session' ? ' for this session only' : ' in the OS keychain'}
          , ends in <code>{profile.keyHint}</code>
        </p>
      ) : (
        <form onSubmit={save} className="form" aria-label="Set credentials">
          {profile.setAgain && (
            <p role="note" className="warning-box">
              If a key was stored for this profile by an earlier version of the console, set it again: that
              version&apos;s keychain entry cannot be read on this system.
            </p>
          )}
          <label className="field">
            <span>API key</span>
            <input
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
            />
          </label>
          <label className="field">
            <span>API secret</span>
            <input
              type="password"
              autoComplete="off"
              value={apiSecret}
              onChange={(event) => setApiSecret(event.target.value)}
            />
          </label>
          <div className="button-row">
            <button type="submit" className="primary" disabled={busy}>
              Set credentials
            </button>
            {profile.hasCredentials && (
              <button type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      {error && <CallError error={error} inline />}
      <div className="button-row">
        {profile.hasCredentials && !editing && (
          <>
            <button type="button" onClick={() => setEditing(true)}>
              Replace credentials
            </button>
            <button type="button" onClick={clear} disabled={busy}>
              Clear credentials
            </button>
          </>
        )}
        <button type="button" onClick={testConnection} disabled={!profile.hasCredentials}>
          Test connection
        </button>
      </div>
      {test && (
        <p role="status" className={test.ok ? 'success-text' : 'error-text'}>
          {test.text}
        </p>
      )}
      {test?.notFound && onDiscover && (
        <div className="button-row">
          <button type="button" onClick={onDiscover}>
            Read the tenant&apos;s API description to find its paths and key headers
          </button>
        </div>
      )}
    </section>
  );
}
