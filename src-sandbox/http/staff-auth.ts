import type { FastifyRequest } from 'fastify';
import { ApiError } from '../domain/api-error';
import type { GuessLimiter } from '../security/attempt-limiter';
import { hashSecret, randomSecret, verifySecret } from '../security/secret-hash';
import type { Repos } from '../storage/repos';
import { parseBasic } from './auth';

/** The permission that opens the admin area 'Api Developer Access' (API.md, Authentication). */
export const apiAdminPermission = 'Api Admin';

const challenge = { 'www-authenticate': 'Basic realm="Api Developer Access"' };
const decoyHash = hashSecret(randomSecret());

/**
 * Signs a staff user in with HTTP Basic user:password and checks that one of their groups holds
 * 'Api Admin': 401 when the sign-in fails, 403 when the user lacks the permission, 429 when
 * `attempts` holds the sign-in back (failed sign-ins per address and per user name, as for API
 * keys: each check costs a full scrypt).
 */
export async function authenticateApiAdmin(
  request: FastifyRequest,
  repos: Repos,
  attempts: GuessLimiter,
): Promise<string> {
  const basic = parseBasic(request.headers.authorization ?? '');
  if (!basic) {
    throw new ApiError(
      401,
      'staff_sign_in_required',
      'Api Developer Access needs a staff sign-in: HTTP Basic with your user name and password.',
      [],
      challenge,
    );
  }
  const user =
    basic.user.length <= 64 && basic.password.length <= 200 ? repos.staff.find(basic.user) : undefined;
  const wait = attempts.wait(request.ip, user?.userName);
  if (wait > 0) {
    throw new ApiError(
      429,
      'too_many_attempts',
      `Too many wrong sign-ins came from this address or for this user; wait ${wait} ` +
        `second${wait === 1 ? '' : 's'}, then sign in again, or ask an administrator to reset the password.`,
      [],
      { 'retry-after': String(wait) },
    );
  }
  attempts.begin(request.ip, user?.userName);
  // An unknown user pays the same hash (a decoy), so the time taken does not tell who exists.
  const matches = await verifySecret(basic.password.slice(0, 200), user?.passwordHash ?? decoyHash);
  if (!user || !matches) {
    throw new ApiError(
      401,
      'invalid_staff_credentials',
      'The user name or password is wrong.',
      [],
      challenge,
    );
  }
  attempts.succeeded(request.ip, user.userName);
  if (!user.permissions.includes(apiAdminPermission)) {
    throw new ApiError(
      403,
      'permission_required',
      `${user.userName} is not in a group holding the '${apiAdminPermission}' permission; ask an administrator.`,
    );
  }
  return user.userName;
}
