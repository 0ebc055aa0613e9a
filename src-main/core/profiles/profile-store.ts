import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { descriptionRecordSchema, type DescriptionRecord } from '../../../src-shared/discovery';
import { profileInputSchema, profileSchema, type Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';
import { validateCaFile } from './ca-file';

/**
 * The profiles in `<data>/profiles.json`. Every method is synchronous, so two saves can never
 * interleave inside the one main process; each save rewrites the file atomically.
 */

/** The format version of profiles.json; bump it with a migration when the shape changes. */
export const profilesFileVersion = 1;

const profilesFileSchema = z.object({
  profiles: z.array(profileSchema).superRefine((profiles, context) => {
    const ids = new Set<string>();
    for (const profile of profiles) {
      if (ids.has(profile.id))
        context.addIssue({ code: 'custom', message: `profile id ${profile.id} appears twice` });
      ids.add(profile.id);
    }
  }),
  /**
   * The API description last read for each profile (issue 14); files from before have none. Each
   * entry is validated alone: a damaged one is dropped, rather than moving every profile aside.
   */
  descriptions: z
    .record(z.string(), z.unknown())
    .default({})
    .transform((records) => {
      const valid: Record<string, DescriptionRecord> = {};
      for (const [id, record] of Object.entries(records)) {
        const parsed = descriptionRecordSchema.safeParse(record);
        if (parsed.success) valid[id] = parsed.data;
      }
      return valid;
    }),
});

/** Profiles kept on disk; `problem` says when the file was unreadable and moved aside at start. */
export interface ProfileStore {
  list(): Profile[];
  /** Throws a `not_found` Failure for an unknown id. */
  get(id: string): Profile;
  /** Validates `input` (a new profile without `id`, or an update with one) and stores it. */
  save(input: unknown): Profile;
  /** Throws the Failure {@link ProfileStore.save} would, without saving: to check before a step that cannot be undone. */
  check(input: unknown): void;
  /** Removes a profile; false when there was none. Its credentials are the caller's to clear. */
  delete(id: string): boolean;
  /** The API description last read for a profile; null when none was. */
  description(id: string): DescriptionRecord | null;
  /** Keeps the description just read, without touching the profile (its updatedAt stays). */
  recordDescription(id: string, record: DescriptionRecord): void;
  readonly problem: string | null;
}

/** Opens `<dataDir>/profiles.json`, moving an unreadable file aside (see {@link readJsonFile}). */
export function createProfileStore(dataDir: string, now: () => Date = () => new Date()): ProfileStore {
  const path = join(dataDir, 'profiles.json');
  const loaded = readJsonFile(path, profilesFileVersion, profilesFileSchema);
  let profiles: Profile[] = loaded.value?.profiles ?? [];
  let descriptions: Record<string, DescriptionRecord> = loaded.value?.descriptions ?? {};

  function persist(next: Profile[], nextDescriptions = descriptions): void {
    writeJsonFileAtomic(path, profilesFileVersion, { profiles: next, descriptions: nextDescriptions });
    profiles = next;
    descriptions = nextDescriptions;
  }

  function find(id: string): Profile {
    const profile = profiles.find((candidate) => candidate.id === id);
    if (!profile) throw new Failure('not_found', 'There is no such profile; it may have been deleted.');
    return profile;
  }

  /** Parses `input` and applies the rules that need the other profiles or the disk. */
  function prepare(input: unknown) {
    const parsed = profileInputSchema.safeParse(input);
    if (!parsed.success) throw new Failure('invalid_input', describeIssues(parsed.error.issues));
    const { id, ...fields } = parsed.data;
    if (id !== undefined) find(id);
    const sameName = profiles.find(
      (other) => other.id !== id && other.name.toLocaleLowerCase() === fields.name.toLocaleLowerCase(),
    );
    if (sameName) {
      throw new Failure(
        'invalid_input',
        `A profile named "${sameName.name}" already exists; choose another name.`,
      );
    }
    if (fields.caFile !== null) validateCaFile(fields.caFile);
    return { id, fields };
  }

  return {
    problem: loaded.problem,
    check: (input) => void prepare(input),
    list: () => profiles.map((profile) => structuredClone(profile)),
    get: (id) => structuredClone(find(id)),
    save(input) {
      const { id, fields } = prepare(input);
      const existing = id === undefined ? undefined : find(id);
      const stamp = now().toISOString();
      const profile: Profile = {
        ...fields,
        id: existing?.id ?? randomUUID(),
        createdAt: existing?.createdAt ?? stamp,
        updatedAt: stamp,
      };
      persist(
        existing
          ? profiles.map((other) => (other.id === profile.id ? profile : other))
          : [...profiles, profile],
      );
      return structuredClone(profile);
    },
    delete(id) {
      if (!profiles.some((profile) => profile.id === id)) return false;
      const { [id]: _forgotten, ...kept } = descriptions;
      persist(
        profiles.filter((profile) => profile.id !== id),
        kept,
      );
      return true;
    },
    description: (id) => (descriptions[id] ? structuredClone(descriptions[id]) : null),
    recordDescription(id, record) {
      find(id);
      persist(profiles, { ...descriptions, [id]: descriptionRecordSchema.parse(record) });
    },
  };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
