import type { RequestLogEntry } from './logs';
import { isSecretHeaderName, redacted } from './redaction';

/**
 * A logged request as a curl command to run again by hand in a POSIX shell (bash, zsh, sh).
 * Credentials are never in it: the headers that carried the profile's credentials get shell
 * variables instead (`$API_KEY`, `$API_SECRET`, `$ACCESS_TOKEN`), under the header names the
 * request used, and any other secret header a variable named after it; the user sets them in
 * their own shell. Every other part is single-quoted: header names come from the tenant's API
 * description, and a valid header name (an RFC 9110 token) may hold `` ` ``, `$`, `|` and `'`.
 */

/** The shell variables a copied command expects, by auth scheme. */
export const curlPlaceholders = {
  apiKey: '$API_KEY',
  apiSecret: '$API_SECRET',
  accessToken: '$ACCESS_TOKEN',
} as const;

type CurlSource = Pick<
  RequestLogEntry,
  'method' | 'origin' | 'path' | 'requestHeaders' | 'credentialHeaders' | 'authScheme' | 'requestBody'
>;

/** The command, one option per line; the body as logged (redacted, masked, maybe cut: it says so). */
export function curlCommand(entry: CurlSource): string {
  const credentials = new Set(entry.credentialHeaders.map((name) => name.toLowerCase()));
  const method = /^[A-Z]+$/.test(entry.method) ? entry.method : singleQuoted(entry.method);
  const lines = [`curl -X ${method} ${singleQuoted(entry.origin + entry.path)}`];
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    if (name.toLowerCase() === 'content-length' || name.toLowerCase() === 'host') continue;
    const placeholder = credentials.has(name.toLowerCase())
      ? credentialPlaceholder(entry.authScheme, name)
      : value === redacted || isSecretHeaderName(name)
        ? `$${variableFor(name)}`
        : null;
    // Only the placeholder is in double quotes, so the shell puts the variable in; the name never is.
    lines.push(
      placeholder === null
        ? `-H ${singleQuoted(`${name}: ${value}`)}`
        : `-H ${singleQuoted(`${name}: `)}"${placeholder}"`,
    );
  }
  if (entry.requestBody) {
    const note = entry.requestBody.truncated ? ' # the log kept only the start of this body' : '';
    lines.push(`--data-raw ${singleQuoted(entry.requestBody.text)}${note}`);
  }
  return lines.join(' \\\n  ');
}

function credentialPlaceholder(scheme: RequestLogEntry['authScheme'], header: string): string {
  switch (scheme) {
    case 'headers':
      return /secret/i.test(header) ? curlPlaceholders.apiSecret : curlPlaceholders.apiKey;
    case 'basic':
      // GNU base64 breaks its output every 76 characters, and a key and secret are longer than 57 bytes.
      return `Basic $(printf '%s:%s' "${curlPlaceholders.apiKey}" "${curlPlaceholders.apiSecret}" | base64 | tr -d '\\n')`;
    case 'bearer':
      return `Bearer ${curlPlaceholders.accessToken}`;
  }
}

/** A shell variable's name for a secret header: `X-Back-Office-Key` -> `X_BACK_OFFICE_KEY`. */
function variableFor(header: string): string {
  const name = header
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  // `$1_KEY` would read as `$1`, and `$_` is the shell's own: such a name gets a prefix.
  return /^[A-Z]/.test(name) ? name : `HEADER_${name}`;
}

/** POSIX single quotes: nothing inside is expanded; a quote is closed, escaped and reopened. */
function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
