import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

// scrypt's interactive-login cost (N=2^14, r=8, p=1): about 16 MiB and tens of milliseconds.
const cost = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const keyLength = 32;

/** Hashes a secret or password with a fresh 16-byte salt: `scrypt$<salt>$<hash>`, base64url. */
export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(secret, salt, keyLength, cost);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Checks a secret against a stored hash in constant time, off the event loop. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || saltText === undefined || hashText === undefined) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, Buffer.from(saltText, 'base64url'), expected.length, cost, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random secret of 256 bits, printable. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a high-entropy token (bearer tokens). A slow hash adds nothing for 256 random bits,
 * and a fast one lets a token be looked up by its hash.
 */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Constant-time equality of two strings (compares fixed-length digests of both). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
