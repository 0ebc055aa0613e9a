import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';

/**
 * Which profiles predate the keychain binding of this build. Builds before it stored keys through
 * keytar; where this platform cannot read those entries (see keyring-secret-store.ts), such a
 * profile without a key is told to set it again instead of looking as if it never had one. The
 * list is taken once, at the first start of this build on a data folder, and only shrinks.
 */

const fileName = 'keychain-binding.json';
const schema = z.object({ binding: z.literal('napi-rs-keyring'), earlierProfiles: z.array(z.string()) });

/** Records the profiles that exist now as earlier ones, the first time; answers whether `id` is one. */
export function earlierProfiles(dataDir: string, currentIds: () => string[]): (profileId: string) => boolean {
  const path = join(dataDir, fileName);
  const saved = readJsonFile(path, 1, schema).value;
  const earlier = new Set(saved ? saved.earlierProfiles : currentIds());
  if (!saved) writeJsonFileAtomic(path, 1, { binding: 'napi-rs-keyring', earlierProfiles: [...earlier] });
  return (profileId) => earlier.has(profileId);
}
