import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { InboxSettings } from '../../../src-shared/inbox';
import { profileIdPattern } from './inbox-settings';

/** The request checks of the receiver that need no database: path, content type, shared header. */

/** Why a request is refused, as the reply and the record state it. */
export interface Refusal {
  status: number;
  code: string;
  reason: string;
}

/** The profile id of `/inbox/<profileId>` (trailing slash allowed); null for any other path. */
export function profileIdOf(path: string): string | null {
  const match = /^\/inbox\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    const id = decodeURIComponent(match[1]!);
    return profileIdPattern.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Null for `application/json` (UTF-8 when a charset is named); otherwise the reason for a 415. */
export function contentTypeProblem(header: string | undefined): string | null {
  if (header === undefined)
    return 'The body must be JSON, sent with Content-Type: application/json; none was given.';
  const [type, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json')
    return `The body must be JSON (Content-Type: application/json), not ${type}.`;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='));
  if (charset && !/^charset="?utf-8"?$/.test(charset))
    return 'JSON must be UTF-8; the charset given was not.';
  return null;
}

/**
 * Null when the profile wants no shared header or the request carries the right value. The secret
 * is read from the keychain per request and compared in constant time; reasons never quote values.
 */
export async function sharedHeaderProblem(
  request: IncomingMessage,
  settings: InboxSettings,
  readSecret: () => Promise<string | null>,
): Promise<Refusal | null> {
  if (!settings.sharedHeader) return null;
  const name = settings.sharedHeader.name;
  let secret: string | null;
  try {
    secret = await readSecret();
  } catch {
    return {
      status: 503,
      code: 'keychain_unavailable',
      reason: `The ${name} header could not be checked: the keychain is not available.`,
    };
  }
  if (secret === null) {
    return {
      status: 401,
      code: 'unauthorized',
      reason: `No value is stored for the ${name} header; set the shared header again.`,
    };
  }
  const supplied = request.headers[name.toLowerCase()];
  if (typeof supplied !== 'string')
    return { status: 401, code: 'unauthorized', reason: `The ${name} header is missing.` };
  if (!sameSecret(supplied, secret))
    return { status: 401, code: 'unauthorized', reason: `The ${name} header does not match.` };
  return null;
}

// Digests first: timingSafeEqual needs equal lengths, and a length check would leak the length.
function sameSecret(supplied: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(supplied), digest(secret));
}
