import type { InboxSettingsView, SecretKeptIn } from '../../../src-shared/inbox';
import { CopyButton } from '../../components/copy-button';

/**
 * The shared header's secret generated when the receiver was first turned on: shown this once (it
 * is not kept by the renderer's cache and cannot be read back), to copy into the step's headers.
 */
export function GeneratedSecret({
  name,
  secret,
  keptIn,
  onDone,
}: {
  name: string;
  secret: string;
  /** Said as it is: without a keychain the secret lives in memory and goes when the console quits. */
  keptIn: SecretKeptIn;
  onDone: () => void;
}) {
  return (
    <div className="panel" role="region" aria-label="Generated shared header">
      <p>
        Deliveries must now carry the header <code>{name}</code> with this value. Copy it into the REST API
        step’s headers now: it is shown only once,{' '}
        {keptIn === 'keychain'
          ? 'and is kept in the keychain.'
          : 'and, as there is no keychain, is kept for this session only: when the console restarts, set the shared header again.'}
      </p>
      <p>
        <code className="mono">{secret}</code> <CopyButton value={secret} label="Copy shared header value" />{' '}
        <button type="button" className="small-button" onClick={onDone}>
          Done
        </button>
      </p>
    </div>
  );
}

/** Requests refused without a record since the console started, and why the inbox may be full. */
export function RefusalNote({ settings }: { settings: InboxSettingsView }) {
  const { rateLimited, full } = settings.refused;
  return (
    <>
      {settings.problem && (
        <p role="alert" className="error-text">
          {settings.problem}
        </p>
      )}
      {rateLimited + full > 0 && (
        <p className="muted" role="status">
          Refused and not recorded since the console started: {rateLimited} over {settings.limits.perSecond} a
          second (429), {full} with the inbox full (507).
        </p>
      )}
    </>
  );
}
