import { z } from 'zod';
import type { Credentials } from '../ports';
import { Failure } from '../failure';

/**
 * The shape of an API key's two codes: as the user types them, and as one keychain entry. Messages
 * here name the field at fault and never quote its value.
 */

/** Longest code accepted; real keys are far shorter, and both travel in HTTP headers. */
export const maxCodeLength = 512;

// Header values must be plain ASCII; this also catches invisible paste debris such as zero-width spaces.
const code = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(maxCodeLength, `${label} is longer than ${maxCodeLength} characters`)
    .regex(/^[\x20-\x7e]+$/, `${label} may hold only printable ASCII characters (no control characters)`);

/** The two codes of an API key as typed by the user (trimmed). */
export const credentialsInputSchema = z.object({
  apiKey: code('The API key'),
  apiSecret: code('The API secret'),
});

/** Validates typed codes; throws an `invalid_input` Failure whose message holds no value. */
export function parseCredentials(input: unknown): Credentials {
  const parsed = credentialsInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new Failure(
      'invalid_input',
      [...new Set(parsed.error.issues.map((issue) => issue.message))].join('; '),
    );
  }
  return parsed.data;
}

/** One keychain entry per profile holds both codes, so they cannot drift apart. */
export function encodeCredentials(credentials: Credentials): string {
  return JSON.stringify({ apiKey: credentials.apiKey, apiSecret: credentials.apiSecret });
}

/** Parses a keychain entry; a damaged one (edited by hand, another tool) counts as no credentials. */
export function decodeCredentials(entry: string): Credentials | null {
  let document: unknown;
  try {
    document = JSON.parse(entry);
  } catch {
    return null;
  }
  const parsed = credentialsInputSchema.safeParse(document);
  return parsed.success ? parsed.data : null;
}

/** The last 4 characters of the key, but never more than half of it; never any of the secret. */
export function keyHint(apiKey: string): string | null {
  const length = Math.min(4, Math.floor(apiKey.length / 2));
  return length > 0 ? apiKey.slice(-length) : null;
}
