import { join } from 'node:path';
import { z } from 'zod';
import type { HistoryEntry, ProfileHistory } from '../../../src-shared/history';
import { Failure } from '../failure';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';

/**
 * `<data>/history.json`: per profile, the last lookups and the pinned processes. Synchronous like
 * the profile store, so updates cannot interleave; each one rewrites the file atomically.
 */

/** Lookups kept per profile. */
export const recentLimit = 50;
/** Pins allowed per profile, so the file stays small. */
export const pinnedLimit = 100;
/** The format version of history.json. */
export const historyFileVersion = 1;

/**
 * What a lookup tells the history about a process. Only the id is required: the texts are kept as
 * the service gave them, however long or empty (a tenant's status can run past 50 characters),
 * because the history remembers what was opened and must never refuse a process the service gave.
 * The renderer cuts them for display.
 */
export const historyLookupSchema = z.object({
  processId: z.string().trim().min(1),
  externalReference: z.string().nullable().default(null),
  processTypeName: z.string().nullable().default(null),
  status: z.string().nullable().default(null),
});
/** A lookup as callers pass it; optional parts default to null. */
export type HistoryLookup = z.input<typeof historyLookupSchema>;

const entrySchema = historyLookupSchema.extend({ lastSeenAt: z.string() });
const historyFileSchema = z.object({
  profiles: z.record(z.string(), z.object({ recent: z.array(entrySchema), pinned: z.array(entrySchema) })),
});

/** Recent and pinned processes per profile. Every method returns the profile's history after it. */
export interface HistoryStore {
  record(profileId: string, lookup: HistoryLookup): ProfileHistory;
  list(profileId: string): ProfileHistory;
  /** Pins from `entry`, or from the recent lookup of that process; unpinning needs neither. */
  pin(profileId: string, processId: string, pinned: boolean, entry?: HistoryLookup): ProfileHistory;
  /** Drops a deleted profile's history. */
  forget(profileId: string): void;
  /** A sentence when history.json was unreadable and moved aside at start; null otherwise. */
  readonly problem: string | null;
}

/** Opens `<dataDir>/history.json`, moving an unreadable file aside (see readJsonFile). */
export function createHistoryStore(dataDir: string, now: () => Date = () => new Date()): HistoryStore {
  const path = join(dataDir, 'history.json');
  const loaded = readJsonFile(path, historyFileVersion, historyFileSchema);
  // A Map, not an object: a profile id can never reach Object.prototype.
  const profiles = new Map<string, ProfileHistory>(Object.entries(loaded.value?.profiles ?? {}));

  const view = (profileId: string): ProfileHistory =>
    structuredClone(profiles.get(profileId) ?? { recent: [], pinned: [] });

  function persist(next: Map<string, ProfileHistory>): void {
    writeJsonFileAtomic(path, historyFileVersion, { profiles: Object.fromEntries(next) });
  }

  function update(profileId: string, change: (history: ProfileHistory) => ProfileHistory): ProfileHistory {
    const next = new Map(profiles).set(profileId, change(view(profileId)));
    persist(next);
    profiles.set(profileId, next.get(profileId)!);
    return view(profileId);
  }

  function entryFrom(lookup: unknown): HistoryEntry {
    const parsed = historyLookupSchema.safeParse(lookup);
    if (!parsed.success) throw new Failure('invalid_input', 'The process to remember needs a process id.');
    return { ...parsed.data, lastSeenAt: now().toISOString() };
  }

  return {
    problem: loaded.problem,
    list: view,
    record(profileId, lookup) {
      const entry = entryFrom(lookup);
      return update(profileId, ({ recent, pinned }) => ({
        recent: [entry, ...recent.filter((old) => old.processId !== entry.processId)].slice(0, recentLimit),
        // A pinned process shows its latest known status too.
        pinned: pinned.map((old) => (old.processId === entry.processId ? entry : old)),
      }));
    },
    pin(profileId, processId, pinned, lookup) {
      const current = view(profileId);
      const already = current.pinned.some((entry) => entry.processId === processId);
      if (!pinned) {
        if (!already) return current;
        return update(profileId, (history) => ({
          ...history,
          pinned: history.pinned.filter((entry) => entry.processId !== processId),
        }));
      }
      if (already) return current;
      const seen = current.recent.find((entry) => entry.processId === processId);
      const entry = lookup ? entryFrom({ ...lookup, processId }) : seen;
      if (!entry)
        throw new Failure(
          'not_found',
          'That process is not in the recent lookups; look it up first, then pin it.',
        );
      if (current.pinned.length >= pinnedLimit) {
        throw new Failure(
          'invalid_input',
          `At most ${pinnedLimit} processes can be pinned; unpin one first.`,
        );
      }
      return update(profileId, (history) => ({ ...history, pinned: [entry, ...history.pinned] }));
    },
    forget(profileId) {
      if (!profiles.has(profileId)) return;
      const next = new Map(profiles);
      next.delete(profileId);
      persist(next);
      profiles.delete(profileId);
    },
  };
}
