import type { Process } from '../../src-shared/api';
import type { HistoryEntry, ProfileHistory } from '../../src-shared/history';

/** Main keeps the last 50 lookups (`src-main/core/history`); the mirror keeps as many. */
const recentLimit = 50;

function entryFor(process: Process, lastSeenAt: string): HistoryEntry {
  return {
    processId: process.processId,
    externalReference: process.externalReference,
    processTypeName: process.processTypeName || null,
    status: process.status,
    lastSeenAt,
  };
}

/**
 * What main's history becomes after a successful lookup: the process on top of Recent, and its
 * pinned entry showing the latest status. Mirrors `history.record`, so no `history.list` is needed.
 */
export function recordLookup(history: ProfileHistory, process: Process, now = new Date()): ProfileHistory {
  const entry = entryFor(process, now.toISOString());
  return {
    recent: [entry, ...history.recent.filter((old) => old.processId !== entry.processId)].slice(
      0,
      recentLimit,
    ),
    pinned: history.pinned.map((old) => (old.processId === entry.processId ? entry : old)),
  };
}

/**
 * The history after a change the console made (a completion, a note): entries for the process
 * show what it is now, in place; undefined when the process is not in it (nothing to update).
 */
export function refreshSeen(history: ProfileHistory, process: Process): ProfileHistory | undefined {
  const known = (entries: HistoryEntry[]) => entries.some((old) => old.processId === process.processId);
  if (!known(history.recent) && !known(history.pinned)) return undefined;
  const refresh = (old: HistoryEntry) =>
    old.processId === process.processId ? entryFor(process, old.lastSeenAt) : old;
  return { recent: history.recent.map(refresh), pinned: history.pinned.map(refresh) };
}
