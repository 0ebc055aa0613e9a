import { TextField } from '../../components/text-field';

/** The headers scheme's two header names, as the form edits them ('' secret = key header only). */
export interface AuthHeaderDraft {
  authHeaderKey: string;
  authHeaderSecret: string;
}

/**
 * The header names the key and secret travel in, shown only for the headers scheme. A tenant's
 * description names them (its apiKey security schemes); the defaults are the reference service's.
 */
export function AuthHeaderFields({
  draft,
  error,
  onChange,
}: {
  draft: AuthHeaderDraft;
  error: (key: string) => string | undefined;
  onChange: (patch: Partial<AuthHeaderDraft>) => void;
}) {
  return (
    <fieldset className="inline-fieldset">
      <legend>Key headers</legend>
      <TextField
        label="API key header"
        value={draft.authHeaderKey}
        error={error('authHeaders.key')}
        onChange={(authHeaderKey) => onChange({ authHeaderKey })}
        hint="The header the tenant reads the API key from, as its API description names it"
      />
      <TextField
        label="API secret header"
        value={draft.authHeaderSecret}
        error={error('authHeaders.secret')}
        onChange={(authHeaderSecret) => onChange({ authHeaderSecret })}
        hint="Leave empty when the tenant takes the API key alone; then only the key is sent"
      />
    </fieldset>
  );
}

/** The draft's header names as the profile input has them. */
export function authHeadersInput(draft: AuthHeaderDraft): { key: string; secret: string | null } {
  return {
    key: draft.authHeaderKey,
    secret: draft.authHeaderSecret.trim() === '' ? null : draft.authHeaderSecret,
  };
}
