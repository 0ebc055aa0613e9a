import { useEffect, useState } from 'react';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { EnvBadge } from '../../components/env-badge';
import { ProfileSwitchOffer } from '../../components/profile-switch-offer';
import { api } from '../../lib/api';
import { forgetProfile } from '../../lib/cache';
import { forgetDrafts } from '../../lib/drafts';
import { useNavigation } from '../../lib/navigation';
import { CredentialsPanel } from './credentials-panel';
import { DiscoveryPanel } from './discovery-panel';
import { ProxySignInPanel } from './proxy-sign-in-panel';
import { useDiscovery } from './discovery-store';
import { ProfileForm } from './profile-form';
import { useProfiles } from './profiles-store';

/** Lists profiles; creates, edits and deletes them; sets their credentials. */
export function ProfilesScreen() {
  const list = useProfiles((state) => state.list);
  const load = useProfiles((state) => state.load);
  const selectProfile = useNavigation((state) => state.selectProfile);
  const activeId = useNavigation((state) => state.profileId);
  // A profile just saved: the console stays on the active one and says where the new one is.
  const [added, setAdded] = useState<string | null>(null);
  const readDescription = useDiscovery((state) => state.read);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<CallFailure | null>(null);
  const value = list.status === 'ready' ? list.value : list.status === 'loading' ? list.previous : undefined;
  const profiles = value?.profiles ?? [];
  const current = profiles.find((profile) => profile.id === selected) ?? profiles[0] ?? null;
  const keychainWaiting = value?.keychain.state === 'waiting';
  const made = profiles.find((profile) => profile.id === added);
  const active = profiles.find((profile) => profile.id === activeId);
  // Held by main for the session, so leaving this screen (or reloading) does not reset it.
  // The box follows the click at once; main's answer (then the list) confirms it.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const sessionOnly = choosing ?? value?.keychain.sessionOnly ?? false;

  async function chooseSessionOnly(choice: boolean) {
    setChoosing(choice);
    const result = await api.profiles.keepForSession({ sessionOnly: choice });
    if (!result.ok) setError(result.error);
    await load();
    setChoosing(null);
  }

  // While a system prompt is open, look again every few seconds so the banner goes once answered.
  useEffect(() => {
    if (!keychainWaiting) return;
    const timer = setInterval(() => void load(), 3_000);
    return () => clearInterval(timer);
  }, [keychainWaiting, load]);

  async function remove(id: string, name: string) {
    if (!window.confirm(`Delete the profile "${name}" and its stored credentials?`)) return;
    const result = await api.profiles.delete({ profileId: id });
    if (result.ok) {
      forgetProfile(id);
      forgetDrafts(id);
    } else setError(result.error);
    await load();
  }

  return (
    <div className="screen">
      <header className="screen-header">
        <h1>Profiles</h1>
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          New profile
        </button>
      </header>
      {value?.problem && (
        <p role="alert" className="warning-box">
          {value.problem}
        </p>
      )}
      {keychainWaiting && (
        <p role="status" className="warning-box">
          {value.keychain.message}
        </p>
      )}
      {value?.keychain.state === 'unavailable' && (
        <CallError
          error={{
            code: 'keychain_unavailable',
            message: value.keychain.message ?? 'The OS keychain is not available.',
          }}
        >
          <label className="checkbox">
            <input
              type="checkbox"
              checked={sessionOnly}
              onChange={(event) => void chooseSessionOnly(event.target.checked)}
            />
            Keep the credentials I set from now on for this session only (in memory until the console quits);
            a key already kept for this session only stays so
          </label>
        </CallError>
      )}
      {list.status === 'error' && <CallError error={list.error} onRetry={() => void load()} />}
      {error && <CallError error={error} inline />}
      {made && active && made.id !== active.id && (
        <ProfileSwitchOffer profile={made}>
          Saved the profile {made.name}; it is listed below. The console still uses {active.name}.
        </ProfileSwitchOffer>
      )}
      {editing === 'new' && (
        <section className="panel" aria-label="New profile">
          <h2>New profile</h2>
          <ProfileForm
            profile={null}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              setSelected(saved.id);
              setAdded(saved.id);
              void load();
            }}
          />
        </section>
      )}
      <div className="two-columns">
        <ul className="profile-list" aria-label="Profiles">
          {profiles.map((profile) => (
            <li key={profile.id}>
              <button
                type="button"
                className={profile.id === current?.id ? 'list-button selected' : 'list-button'}
                aria-current={profile.id === current?.id}
                onClick={() => {
                  setSelected(profile.id);
                  // "Saved the profile X" belongs to that moment: choosing another ends it.
                  if (profile.id !== added) setAdded(null);
                }}
              >
                <span>{profile.name}</span> <EnvBadge environment={profile.environment} />
              </button>
            </li>
          ))}
          {profiles.length === 0 && list.status === 'ready' && <li className="muted">No profiles yet.</li>}
        </ul>
        {current && (
          <div className="profile-detail">
            {editing === current.id ? (
              <section className="panel" aria-label={`Edit ${current.name}`}>
                <h2>Edit {current.name}</h2>
                <ProfileForm
                  profile={current}
                  onCancel={() => setEditing(null)}
                  onSaved={(saved) => {
                    setEditing(null);
                    // Its address may now reach another tenant: nothing the old one answered may show.
                    forgetProfile(saved.id);
                    void load();
                  }}
                />
              </section>
            ) : (
              <section className="panel" aria-label={current.name}>
                <h2>
                  {current.name} <EnvBadge environment={current.environment} />
                </h2>
                <dl className="facts">
                  <dt>Base URL</dt>
                  <dd>{current.baseUrl}</dd>
                  <dt>Auth scheme</dt>
                  <dd>
                    {current.authScheme === 'headers'
                      ? `headers (${[current.authHeaders.key, current.authHeaders.secret].filter(Boolean).join(', ')})`
                      : current.authScheme}
                  </dd>
                  <dt>API key name</dt>
                  <dd>{current.keyName}</dd>
                </dl>
                <div className="button-row">
                  <button type="button" onClick={() => setEditing(current.id)}>
                    Edit
                  </button>
                  <button type="button" onClick={() => selectProfile(current.id)}>
                    Use this profile
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => void remove(current.id, current.name)}
                  >
                    Delete
                  </button>
                </div>
              </section>
            )}
            <CredentialsPanel
              key={current.id + String(current.hasCredentials)}
              profile={current}
              onChanged={() => {
                // Another key may see other processes, or none: nothing read with the old one stays.
                forgetProfile(current.id);
                void load();
              }}
              onDiscover={() => void readDescription(current.id)}
            />
            <ProxySignInPanel profile={current} />
          </div>
        )}
      </div>
      {current && (
        // Full width: the review puts current and proposed paths side by side.
        <DiscoveryPanel
          key={current.id}
          profile={current}
          onApplied={(saved) => {
            // Other endpoints (or another way for the key) answer for it now.
            forgetProfile(saved.id);
            void load();
          }}
        />
      )}
    </div>
  );
}
