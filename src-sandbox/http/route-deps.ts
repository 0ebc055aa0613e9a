import type { ChangeRunner } from '../engine/change';
import type { EngineContext } from '../engine/context';
import type { ProcessReadCache } from '../engine/process-read-cache';
import type { GuessLimiter } from '../security/attempt-limiter';
import type { KeyAuthenticator, KeyIdentity } from '../security/key-authenticator';

/** What every route module is given. */
export interface RouteDeps {
  ctx: EngineContext;
  change: ChangeRunner;
  keys: KeyAuthenticator;
  /** Failed staff sign-ins to the admin area, per address and per user name. */
  staffAttempts: GuessLimiter;
  reads: ProcessReadCache;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request under /open-api acts as; set by the authentication hook. */
    apiKey: KeyIdentity | null;
    /** The staff user signed in to the admin area; set by the admin hook. */
    staffUser: string;
  }
}
