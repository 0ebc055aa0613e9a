import { useEffect, useState, type FormEvent } from 'react';
import { proxyCredentialsSchema, type ProfileView, type ProxySignIn } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { api } from '../../lib/api';

/**
 * The user name and password of a proxy that asks for Basic sign-in. Kept in the keychain for the
 * proxy the profile goes through now (its own, or the one the system names); the screen learns
 * only that they are stored. Shown when the profile's requests go through a proxy.
 */
export function ProxySignInPanel({ profile }: { profile: ProfileView }) {
  const [signIn, setSignIn] = useState<ProxySignIn | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void api.profiles.proxySignIn({ profileId: profile.id }).then((result) => {
      if (!current) return;
      if (result.ok) setSignIn(result.value);
      else setError(result.error);
    });
    return () => {
      current = false;
    };
  }, [profile.id, profile.updatedAt]);

  if (!signIn || (!signIn.proxy && !signIn.problem)) return error && <CallError error={error} inline />;

  async function save(event: FormEvent) {
    event.preventDefault();
    // The contract's rule, with its sentence, before the call.
    const parsed = proxyCredentialsSchema.safeParse({ username, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] === 'username' ? 'The user name' : 'The password';
      setError({ code: 'invalid_input', message: `${field} ${issue.message}.` });
      return;
    }
    setBusy(true);
    const result = await api.profiles.setProxyCredentials({ profileId: profile.id, ...parsed.data });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setSignIn(result.value);
    setUsername('');
    setPassword('');
    setError(null);
    setEditing(false);
  }

  async function clear() {
    setBusy(true);
    const result = await api.profiles.clearProxyCredentials({ profileId: profile.id });
    setBusy(false);
    if (!result.ok) setError(result.error);
    else setSignIn(result.value);
  }

  return (
    <section className="panel" aria-label="Proxy sign-in">
      <h3>Proxy sign-in</h3>
      {signIn.problem ? (
        <p>{signIn.problem}</p>
      ) : (
        <p>
          Requests go through <code>{signIn.proxy}</code>
          {signIn.from === 'system' ? " (from this computer's proxy settings)" : ''}.{' '}
          {signIn.stored
            ? 'A user name and password are stored for it.'
            : 'If it asks for a user name and password (Basic sign-in), set them here; they are sent to that proxy only.'}
        </p>
      )}
      {signIn.proxy && (editing || !signIn.stored) && (
        <form onSubmit={save} className="form" aria-label="Set proxy sign-in">
          <label className="field">
            <span>Proxy user name</span>
            <input
              autoComplete="off"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </label>
          <label className="field">
            <span>Proxy password</span>
            <input
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <div className="button-row">
            <button type="submit" disabled={busy}>
              Set proxy sign-in
            </button>
            {signIn.stored && (
              <button type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      {error && <CallError error={error} inline />}
      {signIn.proxy && signIn.stored && !editing && (
        <div className="button-row">
          <button type="button" onClick={() => setEditing(true)}>
            Replace proxy sign-in
          </button>
          <button type="button" onClick={() => void clear()} disabled={busy}>
            Clear proxy sign-in
          </button>
        </div>
      )}
    </section>
  );
}
