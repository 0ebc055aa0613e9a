import { z } from 'zod';
import type { Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';
import type { CredentialSource, Credentials } from '../ports';

/** OAuth's snake_case names under the camelCase ones a .NET token endpoint may write instead. */
const tokenAliases: Record<string, string> = {
  accessToken: 'access_token',
  tokenType: 'token_type',
  expiresIn: 'expires_in',
};

/**
 * The token endpoint's answer (API.md, bearer scheme); extra keys tolerated, and `AccessToken` or
 * `accessToken` read as `access_token` (the parser has already folded PascalCase to camelCase).
 */
export const tokenAnswerSchema = z.preprocess(
  (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...value };
    for (const [alias, name] of Object.entries(tokenAliases)) {
      if (out[name] === undefined && out[alias] !== undefined) out[name] = out[alias];
    }
    return out;
  },
  z.object({
    access_token: z.string().min(1),
    token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'must be "Bearer"'),
    expires_in: z.number().positive(),
  }),
);
export type TokenAnswer = z.output<typeof tokenAnswerSchema>;

/** Asks the token endpoint for a token; the HTTP layer supplies it (exchange, classify, parse). */
export type TokenFetcher = (profile: Profile, body: string) => Promise<TokenAnswer>;

/** Builds the authentication headers of a request, per the profile's scheme. */
export interface Authenticator {
  /** Headers to add; `fresh` discards a cached token first (after a 401). */
  headers(profile: Profile, options: { fresh: boolean }): Promise<Record<string, string>>;
  /** Forgets every cached token (on close). */
  clear(): void;
}

interface CachedToken {
  /** The profile version the token was issued for; a changed profile needs a new token. */
  updatedAt: string;
  token: Promise<{ value: string; expiresAt: number }>;
}

/**
 * Creates the authenticator. Credentials are read from the CredentialSource for each request and
 * not kept; only bearer tokens are cached, in memory, until shortly before they expire.
 */
export function createAuthenticator(credentials: CredentialSource, fetchToken: TokenFetcher): Authenticator {
  const tokens = new Map<string, CachedToken>();

  async function bearer(profile: Profile, fresh: boolean): Promise<string> {
    const cached = tokens.get(profile.id);
    if (!fresh && cached?.updatedAt === profile.updatedAt) {
      const token = await cached.token.catch(() => null);
      if (token && token.expiresAt > Date.now()) return token.value;
    }
    // Concurrent calls share one token request instead of each asking for its own; so it runs
    // on its own deadline, not on one caller's cancel signal.
    const pending = requestToken(profile);
    tokens.set(profile.id, { updatedAt: profile.updatedAt, token: pending });
    try {
      return (await pending).value;
    } catch (error) {
      if (tokens.get(profile.id)?.token === pending) tokens.delete(profile.id);
      throw error;
    }
  }

  async function requestToken(profile: Profile) {
    const { apiKey, apiSecret } = await readCredentials(credentials, profile);
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: apiKey,
      client_secret: apiSecret,
    });
    const answer = await fetchToken(profile, body.toString());
    // Renew a little early: 30 s, or a tenth of a short lifetime, before the service's expiry.
    const margin = Math.min(30, answer.expires_in / 10) * 1000;
    return { value: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000 - margin };
  }

  return {
    async headers(profile, { fresh }): Promise<Record<string, string>> {
      switch (profile.authScheme) {
        case 'headers': {
          const { apiKey, apiSecret } = await readCredentials(credentials, profile);
          const { key, secret } = profile.authHeaders;
          // secret null: the tenant takes the API key alone, so the secret is not sent at all.
          return secret === null ? { [key]: apiKey } : { [key]: apiKey, [secret]: apiSecret };
        }
        case 'basic': {
          const { apiKey, apiSecret } = await readCredentials(credentials, profile);
          return { authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}` };
        }
        case 'bearer':
          return { authorization: `Bearer ${await bearer(profile, fresh)}` };
      }
    },
    clear() {
      tokens.clear();
    },
  };
}

/** The header names a profile's key travels in (headers scheme), to be redacted wherever they appear. */
export function authHeaderNames(profile: Profile): string[] {
  if (profile.authScheme !== 'headers') return [];
  const { key, secret } = profile.authHeaders;
  return secret === null ? [key] : [key, secret];
}

/** Reads a profile's credentials; a source that fails without a Failure is a keychain problem. */
async function readCredentials(source: CredentialSource, profile: Profile): Promise<Credentials> {
  try {
    return await source.get(profile.id);
  } catch (error) {
    if (error instanceof Failure) throw error;
    throw new Failure(
      'keychain_unavailable',
      `The API key of profile "${profile.name}" could not be read from the keychain. Unlock the keychain and try again.`,
    );
  }
}
