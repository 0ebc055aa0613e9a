import type { FastifyRequest } from 'fastify';
import { ApiError } from '../domain/api-error';
import type { KeyAuthenticator, KeyCheck, KeyIdentity } from '../security/key-authenticator';

const challenge = { 'www-authenticate': 'Basic realm="open-api", Bearer realm="open-api"' };

/** 401 with a sentence saying what to send. */
export function unauthorized(code: string, message: string): ApiError {
  return new ApiError(401, code, message, [], challenge);
}

/** Splits `Basic base64(user:password)`; undefined when it is not well formed. */
export function parseBasic(header: string): { user: string; password: string } | undefined {
  const match = /^Basic +([A-Za-z0-9+/=_-]+) *$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Which credentials a dialect accepts: its two API key headers, and whether Basic and Bearer too. */
export interface KeyScheme {
  key: string;
  secret: string;
  authorization: boolean;
}

/** The default dialect's: API.md's three schemes. */
export const defaultKeyScheme: KeyScheme = { key: 'X-Api-Key', secret: 'X-Api-Secret', authorization: true };

/**
 * Authenticates a request under /open-api by any of the three schemes of API.md: the
 * X-Api-Key/X-Api-Secret headers, HTTP Basic key:secret, or a Bearer token from /open-api/token
 * (the vendor dialect: its own two headers only). Answers synchronously when it can (a key
 * verified before), so the hot path makes no promise.
 */
export function authenticateKey(
  request: FastifyRequest,
  keys: KeyAuthenticator,
  scheme: KeyScheme = defaultKeyScheme,
): KeyIdentity | Promise<KeyIdentity> {
  const authorization = request.headers.authorization;
  if (scheme.authorization && authorization !== undefined && authorization !== '') {
    const bearer = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(authorization);
    if (bearer) {
      const identity = keys.withToken(bearer[1]!);
      if (identity === 'expired')
        throw unauthorized(
          'token_expired',
          'The access token has expired; get a new one from POST /open-api/token.',
        );
      if (!identity)
        throw unauthorized(
          'invalid_token',
          'The access token is not recognised; get one from POST /open-api/token.',
        );
      return identity;
    }
    const basic = parseBasic(authorization);
    if (basic) return checkSecret(keys, basic.user, basic.password, request.ip);
    throw unauthorized(
      'unsupported_authorization',
      'The Authorization header must be "Basic base64(API_KEY:API_SECRET)" or "Bearer <access_token>".',
    );
  }
  const apiKey = request.headers[scheme.key.toLowerCase()];
  const apiSecret = request.headers[scheme.secret.toLowerCase()];
  if (typeof apiKey === 'string' && typeof apiSecret === 'string' && apiKey !== '' && apiSecret !== '') {
    return checkSecret(keys, apiKey, apiSecret, request.ip);
  }
  if (apiKey !== undefined || apiSecret !== undefined) {
    throw unauthorized('credentials_incomplete', `Send both ${scheme.key} and ${scheme.secret}, each once.`);
  }
  throw unauthorized(
    'credentials_required',
    scheme.authorization
      ? `This operation needs an API key: send ${scheme.key} and ${scheme.secret}, HTTP Basic with the key and secret, ` +
          'or a Bearer token from POST /open-api/token.'
      : `This operation needs an API key: send ${scheme.key} and ${scheme.secret}.`,
  );
}

function checkSecret(
  keys: KeyAuthenticator,
  apiKey: string,
  apiSecret: string,
  address: string,
): KeyIdentity | Promise<KeyIdentity> {
  if (apiKey.length > 200 || apiSecret.length > 200) throw invalidCredentials();
  const outcome = keys.verify(apiKey, apiSecret, address);
  return outcome instanceof Promise ? outcome.then(identityOrRefusal) : identityOrRefusal(outcome);
}

/** The identity of a key check, or its refusal as the API's 401 or 429. */
export function identityOrRefusal(outcome: KeyCheck): KeyIdentity {
  if (!('refused' in outcome)) return outcome;
  if (outcome.refused === 'invalid') throw invalidCredentials();
  const seconds = outcome.retryAfterSeconds;
  throw new ApiError(
    429,
    'too_many_attempts',
    `Too many wrong API keys or secrets came from this address or for this key; wait ${seconds} ` +
      `second${seconds === 1 ? '' : 's'}, then check both, or create a new key in Api Developer Access.`,
    [],
    { 'retry-after': String(seconds) },
  );
}

/** The API key and secret do not match a key. */
export function invalidCredentials(): ApiError {
  return unauthorized(
    'invalid_credentials',
    'The API key or secret is not recognised; check both, or create a new key in Api Developer Access.',
  );
}
