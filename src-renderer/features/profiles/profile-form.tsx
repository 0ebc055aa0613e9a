import { useState, type FormEvent } from 'react';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { confirmNameProblem, keyBindingChanges } from '../../../src-shared/key-binding';
import {
  defaultAuthHeaders,
  profileInputSchema,
  type Operation,
  type ProfileView,
} from '../../../src-shared/profile';
import { TextField } from '../../components/text-field';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { formProblems, typedNumber } from '../../lib/form-validation';
import { api } from '../../lib/api';
import { AuthHeaderFields, authHeadersInput, type AuthHeaderDraft } from './auth-header-fields';
import { EndpointTable } from './endpoint-table';
import { KeyBindingNote } from './key-binding-note';

type Draft = AuthHeaderDraft & {
  name: string;
  baseUrl: string;
  environment: 'test' | 'live';
  authScheme: 'headers' | 'basic' | 'bearer';
  keyName: string;
  caFile: string;
  proxyMode: 'none' | 'system' | 'url';
  proxyUrl: string;
  timeouts: { connectMs: string; headersMs: string; bodyIdleMs: string; overallMs: string };
  endpoints: Partial<Record<Operation, { method: string; path: string }>>;
};

function toDraft(profile: ProfileView | null): Draft {
  return {
    name: profile?.name ?? '',
    baseUrl: profile?.baseUrl ?? 'https://',
    environment: profile?.environment ?? 'test',
    authScheme: profile?.authScheme ?? 'headers',
    keyName: profile?.keyName ?? '',
    authHeaderKey: profile?.authHeaders.key ?? defaultAuthHeaders.key,
    authHeaderSecret: profile ? (profile.authHeaders.secret ?? '') : defaultAuthHeaders.secret,
    caFile: profile?.caFile ?? '',
    // A new profile follows the system's proxy, as a browser does.
    proxyMode: profile?.proxy.mode ?? 'system',
    proxyUrl: profile?.proxy.mode === 'url' ? profile.proxy.url : '',
    timeouts: {
      connectMs: String(profile?.timeouts.connectMs ?? 5000),
      headersMs: String(profile?.timeouts.headersMs ?? 15000),
      bodyIdleMs: String(profile?.timeouts.bodyIdleMs ?? 30000),
      overallMs: String(profile?.timeouts.overallMs ?? 60000),
    },
    endpoints: { ...(profile?.endpoints ?? {}) },
  };
}

function toInput(draft: Draft, id: string | undefined) {
  return {
    ...(id ? { id } : {}),
    name: draft.name,
    baseUrl: draft.baseUrl,
    environment: draft.environment,
    authScheme: draft.authScheme,
    authHeaders: authHeadersInput(draft),
    keyName: draft.keyName,
    caFile: draft.caFile.trim() ? draft.caFile.trim() : null,
    proxy:
      draft.proxyMode === 'url' ? { mode: 'url' as const, url: draft.proxyUrl } : { mode: draft.proxyMode },
    timeouts: {
      connectMs: typedNumber(draft.timeouts.connectMs),
      headersMs: typedNumber(draft.timeouts.headersMs),
      bodyIdleMs: typedNumber(draft.timeouts.bodyIdleMs),
      overallMs: typedNumber(draft.timeouts.overallMs),
    },
    endpoints: Object.fromEntries(
      Object.entries(draft.endpoints).filter(([, endpoint]) => endpoint && endpoint.path.trim()),
    ),
  };
}

/** The inputs as the form names them, for sentences that need a subject. */
const labels = {
  name: 'Name',
  baseUrl: 'Base URL',
  keyName: 'API key name',
  caFile: 'Custom CA file',
  url: 'Proxy URL',
  connectMs: 'Connect timeout',
  headersMs: 'Headers timeout',
  bodyIdleMs: 'Body idle timeout',
  overallMs: 'Overall deadline',
};

/** Field path → first message, from the same schema main validates with. */
function validate(draft: Draft, id: string | undefined): Map<string, string> {
  return formProblems(profileInputSchema, toInput(draft, id), labels);
}

/** Creates or edits a profile with inline validation; the endpoint map sits under "Advanced". */
export function ProfileForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: ProfileView | null;
  onSaved: (saved: ProfileView) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(profile));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<CallFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmName, setConfirmName] = useState('');
  const errors = validate(draft, profile?.id);
  const changes = profile ? keyBindingChanges(profile, toInput(draft, profile.id)) : [];
  const unconfirmed = profile ? confirmNameProblem(profile, draft, changes, confirmName) : null;
  if (unconfirmed) errors.set('confirmName', unconfirmed);
  const shown = (key: string) => (touched ? errors.get(key) : undefined);
  const update = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (errors.size > 0) {
      focusFirstProblem(event.currentTarget as HTMLFormElement);
      return;
    }
    setSaving(true);
    const result = await api.profiles.save({
      ...toInput(draft, profile?.id),
      confirmName,
    });
    setSaving(false);
    if (result.ok) onSaved(result.value);
    else setServerError(result.error);
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={profile ? `Edit ${profile.name}` : 'New profile'}
    >
      <TextField
        label="Name"
        value={draft.name}
        error={shown('name')}
        onChange={(name) => update({ name })}
      />
      <TextField
        label="Base URL"
        value={draft.baseUrl}
        error={shown('baseUrl')}
        onChange={(baseUrl) => update({ baseUrl })}
        hint="https://…, or http:// for 127.0.0.1 and localhost"
      />
      <fieldset className="inline-fieldset">
        <legend>Environment</legend>
        {(['test', 'live'] as const).map((environment) => (
          <label key={environment} className="radio">
            <input
              type="radio"
              name="environment"
              checked={draft.environment === environment}
              onChange={() => update({ environment })}
            />
            {environment === 'test' ? 'Test' : 'Live'}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>Auth scheme</span>
        <select
          value={draft.authScheme}
          onChange={(event) => update({ authScheme: event.target.value as Draft['authScheme'] })}
        >
          <option value="headers">Headers (X-Api-Key, X-Api-Secret)</option>
          <option value="basic">Basic (key:secret)</option>
          <option value="bearer">Bearer token (client credentials)</option>
        </select>
      </label>
      {draft.authScheme === 'headers' && <AuthHeaderFields draft={draft} error={shown} onChange={update} />}
      <TextField
        label="API key name"
        value={draft.keyName}
        error={shown('keyName')}
        onChange={(keyName) => update({ keyName })}
        hint="The key's name in 'Api Developer Access'; the service shows it as the author of changes"
      />
      <details className="advanced">
        <summary>Advanced</summary>
        <TextField
          label="Custom CA file"
          value={draft.caFile}
          error={shown('caFile')}
          onChange={(caFile) => update({ caFile })}
          hint="Path to a PEM file, for a certificate authority this computer's trust store does not hold"
        />
        <label className="field">
          <span>Proxy</span>
          <select
            value={draft.proxyMode}
            onChange={(event) => update({ proxyMode: event.target.value as Draft['proxyMode'] })}
          >
            <option value="system">The system&apos;s proxy settings</option>
            <option value="none">None (straight to the service)</option>
            <option value="url">This proxy URL</option>
          </select>
          <span className="hint">
            The desktop app follows the operating system (PAC file, WPAD, bypass list); the browser shell
            reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY
          </span>
        </label>
        {draft.proxyMode === 'url' && (
          <TextField
            label="Proxy URL"
            value={draft.proxyUrl}
            error={shown('proxy.url')}
            onChange={(proxyUrl) => update({ proxyUrl })}
          />
        )}
        <div className="grid-4">
          {(Object.keys(draft.timeouts) as (keyof Draft['timeouts'])[]).map((key) => (
            <TextField
              key={key}
              label={
                {
                  connectMs: 'Connect timeout (ms)',
                  headersMs: 'Headers timeout (ms)',
                  bodyIdleMs: 'Body idle timeout (ms)',
                  overallMs: 'Overall deadline (ms)',
                }[key]
              }
              value={draft.timeouts[key]}
              error={shown(`timeouts.${key}`)}
              inputMode="numeric"
              onChange={(value) => update({ timeouts: { ...draft.timeouts, [key]: value } })}
            />
          ))}
        </div>
        <EndpointTable
          endpoints={draft.endpoints}
          errorFor={(operation) => shown(`endpoints.${operation}.path`)}
          onChange={(endpoints) => update({ endpoints })}
        />
      </details>
      {profile && (
        <KeyBindingNote
          name={profile.name}
          changes={changes}
          hasCredentials={profile.hasCredentials}
          live={profile.environment === 'live' || draft.environment === 'live'}
          leavesLive={profile.environment === 'live' && draft.environment !== 'live'}
          confirmName={confirmName}
          onConfirmName={setConfirmName}
          error={shown('confirmName')}
        />
      )}
      {serverError && <CallError error={serverError} inline />}
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save profile'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
