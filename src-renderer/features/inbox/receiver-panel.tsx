import { useState, type FormEvent } from 'react';
import type { InboxSettingsView, SecretKeptIn } from '../../../src-shared/inbox';
import { CopyButton } from '../../components/copy-button';
import { inboxConfigureInput } from '../../../src-shared/workbench-inputs';
import { api } from '../../lib/api';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { formProblems, typedNumber } from '../../lib/form-validation';
import { setRemote, useRemote } from '../../lib/cache';
import { CallError } from '../../components/call-error';
import { FormMessage, type FormMessageValue } from '../../components/form-message';
import { Checkbox } from '../../components/checkbox';
import { GeneratedSecret, RefusalNote } from './receiver-notices';

const statuses = [200, 201, 202, 204, 400, 500, 503] as const;

/** The inputs as this form names them. */
const labels = {
  delayMs: 'Reply delay',
  maxDeliveries: 'Deliveries kept',
  maxBytes: 'MiB kept',
  perSecond: 'Deliveries a second',
  name: 'Shared header name',
  secret: 'Shared header secret',
};

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The profile's receiver: on or off, where the service should post, and the reply it gives. */
export function ReceiverPanel({ profileId }: { profileId: string }) {
  const [remote, reload] = useRemote('inbox.settings', { profileId });
  // Held here, outside the cache and the form (remounted on every save), and only until dismissed.
  const [generated, setGenerated] = useState<{ name: string; secret: string; keptIn: SecretKeptIn } | null>(
    null,
  );
  // The outcome of the last save, held here too: the form is remounted by the save it reports.
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  if (remote.status !== 'ready') {
    return remote.status === 'error' ? <CallError error={remote.error} onRetry={reload} /> : null;
  }
  return (
    <>
      {generated && <GeneratedSecret {...generated} onDone={() => setGenerated(null)} />}
      <ReceiverForm
        key={JSON.stringify(remote.value)}
        settings={remote.value}
        profileId={profileId}
        message={message}
        onMessage={setMessage}
        // The reply is the settings as saved: keep them instead of asking again, without the secret.
        onSaved={({ generatedSecret, generatedSecretKeptIn, ...saved }) => {
          if (generatedSecret !== null && saved.sharedHeader) {
            const keptIn = generatedSecretKeptIn ?? 'keychain';
            setGenerated({ name: saved.sharedHeader.name, secret: generatedSecret, keptIn });
          }
          setRemote(
            'inbox.settings',
            { profileId },
            { ...saved, generatedSecret: null, generatedSecretKeptIn: null },
          );
        }}
      />
    </>
  );
}

function ReceiverForm({
  settings,
  profileId,
  message,
  onMessage: setMessage,
  onSaved,
}: {
  settings: InboxSettingsView;
  profileId: string;
  message: FormMessageValue | null;
  onMessage: (message: FormMessageValue | null) => void;
  onSaved: (settings: InboxSettingsView) => void;
}) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [status, setStatus] = useState<(typeof statuses)[number]>(settings.reply.status);
  const [delayMs, setDelayMs] = useState(String(settings.reply.delayMs));
  const [body, setBody] = useState(JSON.stringify(settings.reply.body, null, 2));
  const [headerName, setHeaderName] = useState(settings.sharedHeader?.name ?? '');
  const [headerSecret, setHeaderSecret] = useState('');
  const [maxDeliveries, setMaxDeliveries] = useState(String(settings.limits.maxDeliveries));
  const [maxMiB, setMaxMiB] = useState(String(settings.limits.maxBytes / (1024 * 1024)));
  const [perSecond, setPerSecond] = useState(String(settings.limits.perSecond));
  // The inputs the last failed save found a problem in, by path (e.g. `limits.perSecond`).
  const [invalidPaths, setInvalidPaths] = useState<ReadonlySet<string>>(new Set());
  const invalid = (path: string) => (invalidPaths.has(path) ? true : undefined);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const refuse = (paths: string[], text: string) => {
      setInvalidPaths(new Set(paths));
      setMessage({ ok: false, error: { code: 'invalid_input', message: text } });
      focusFirstProblem(form);
    };
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(body || '{}');
    } catch {
      return refuse(['reply.body'], 'The reply body is not JSON.');
    }
    if (!parsedBody || typeof parsedBody !== 'object' || Array.isArray(parsedBody)) {
      return refuse(
        ['reply.body'],
        'The reply body must be a JSON object, e.g. {"caseReference": "BO-1042"}.',
      );
    }
    // An empty name clears a header the receiver has; with none yet it changes nothing, so the one
    // generated when the receiver is first turned on is kept (and shown) instead of cleared at once.
    const sharedHeader = headerName.trim()
      ? headerSecret
        ? { name: headerName.trim(), secret: headerSecret }
        : undefined
      : settings.sharedHeader
        ? null
        : undefined;
    const input = {
      profileId,
      enabled,
      reply: { status, delayMs: typedNumber(delayMs), body: parsedBody as Record<string, unknown> },
      limits: {
        maxDeliveries: typedNumber(maxDeliveries),
        maxBytes: Math.round(typedNumber(maxMiB) * 1024 * 1024),
        perSecond: typedNumber(perSecond),
      },
      ...(sharedHeader !== undefined ? { sharedHeader } : {}),
    };
    // Checked here with the contract's schema, so each sentence names the input as this form does.
    const problems = formProblems(inboxConfigureInput, input, labels);
    if (problems.size > 0)
      return refuse([...problems.keys()], [...problems.values()].map(sentence).join(' '));
    setInvalidPaths(new Set());
    const result = await api.inbox.configure(input);
    setMessage(
      result.ok ? { ok: true, text: 'Receiver settings saved.' } : { ok: false, error: result.error },
    );
    if (result.ok) onSaved(result.value);
  }

  return (
    <details className="panel" open={!settings.enabled || message !== null}>
      <summary>
        <strong>Receiver</strong>{' '}
        {settings.enabled ? <span className="badge">On</span> : <span className="badge">Off</span>}
        {settings.deliveryUrl && settings.enabled && <code className="small"> {settings.deliveryUrl}</code>}
      </summary>
      <form className="form" onSubmit={save} aria-label="Receiver settings">
        <Checkbox checked={enabled} onChange={setEnabled}>
          Receive REST API step calls for this profile
        </Checkbox>
        {settings.deliveryUrl ? (
          <p>
            Delivery URL (set it as the step’s URL, or as the reference service’s <code>--outbound-url</code>
            ): <code>{settings.deliveryUrl}</code>{' '}
            <CopyButton value={settings.deliveryUrl} label="Copy delivery URL" />
          </p>
        ) : (
          <p className="muted">
            The receiver is not listening; it starts with the console’s embedded default.
          </p>
        )}
        <div className="grid-4">
          <label className="field">
            <span>Reply status</span>
            <select
              value={status}
              onChange={(event) => setStatus(Number(event.target.value) as (typeof statuses)[number])}
            >
              {statuses.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Reply delay (ms)</span>
            <input
              inputMode="numeric"
              value={delayMs}
              aria-invalid={invalid('reply.delayMs')}
              onChange={(event) => setDelayMs(event.target.value)}
            />
            <span className="hint">Over 10000 rehearses the service’s timeout</span>
          </label>
          <label className="field">
            <span>Shared header name</span>
            <input
              value={headerName}
              aria-invalid={invalid('sharedHeader.name')}
              onChange={(event) => setHeaderName(event.target.value)}
              placeholder="X-Inbox-Secret"
            />
          </label>
          <label className="field">
            <span>Shared header secret</span>
            <input
              type="password"
              autoComplete="off"
              value={headerSecret}
              aria-invalid={invalid('sharedHeader.secret')}
              onChange={(event) => setHeaderSecret(event.target.value)}
              placeholder={settings.hasSecret ? 'a value is stored' : ''}
            />
          </label>
        </div>
        <div className="grid-4">
          <NumberField
            label="Deliveries kept"
            value={maxDeliveries}
            invalid={invalid('limits.maxDeliveries')}
            onChange={setMaxDeliveries}
          />
          <NumberField
            label="MiB kept"
            value={maxMiB}
            invalid={invalid('limits.maxBytes')}
            onChange={setMaxMiB}
          />
          <NumberField
            label="Deliveries a second"
            value={perSecond}
            invalid={invalid('limits.perSecond')}
            onChange={setPerSecond}
          />
        </div>
        <p className="hint">
          Past the caps the oldest handled, then rejected, deliveries are dropped; new ones never are.
        </p>
        <RefusalNote settings={settings} />
        <label className="field">
          <span>Reply body (JSON)</span>
          <textarea
            className="mono"
            rows={3}
            value={body}
            aria-invalid={invalid('reply.body')}
            onChange={(event) => setBody(event.target.value)}
          />
        </label>
        <div className="button-row">
          <button type="submit" className="primary">
            Save receiver settings
          </button>
          <FormMessage message={message} />
        </div>
      </form>
    </details>
  );
}

function NumberField(props: {
  label: string;
  value: string;
  invalid: true | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        inputMode="numeric"
        value={props.value}
        aria-invalid={props.invalid}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
