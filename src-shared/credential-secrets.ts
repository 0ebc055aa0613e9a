/**
 * The values an API key travels as, for redaction.ts to clean out of whatever is shown, logged or
 * stored. Pure: no Node, so the renderer and the reference service may use it too.
 */

/**
 * The secret values of an API key as they travel (API.md, Authentication): the key, the secret,
 * `key:secret` and its base64 (the Basic value, padded and unpadded, base64url too), and the
 * current bearer token when there is one.
 */
export function credentialSecrets(
  credentials: { apiKey: string; apiSecret: string },
  token?: string,
): string[] {
  // A batch read asks for the same key's values per request: worked out once (one entry).
  const last = lastCredentials;
  const same = last?.apiKey === credentials.apiKey && last.apiSecret === credentials.apiSecret;
  if (!same || last.token !== token) {
    const values = workOutCredentialSecrets(credentials, token);
    lastCredentials = { apiKey: credentials.apiKey, apiSecret: credentials.apiSecret, token, values };
  }
  return [...lastCredentials!.values];
}

let lastCredentials: { apiKey: string; apiSecret: string; token?: string; values: string[] } | null = null;

function workOutCredentialSecrets(
  credentials: { apiKey: string; apiSecret: string },
  token?: string,
): string[] {
  const pair = `${credentials.apiKey}:${credentials.apiSecret}`;
  const basic = base64(pair);
  const url = basic.replace(/\+/g, '-').replace(/\//g, '_');
  const values = [credentials.apiKey, credentials.apiSecret, pair, basic, basic.replace(/=+$/, '')];
  values.push(url, url.replace(/=+$/, ''));
  if (token) values.push(token);
  return values;
}

/** The credential inside an Authorization-style value: the part after the scheme, and the whole. */
export function authorizationSecrets(value: string): string[] {
  const credential = value.trim().replace(/^[A-Za-z][\w-]*\s+/, '');
  return credential === value ? [value] : [value, credential];
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
