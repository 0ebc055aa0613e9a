/**
 * The lookup history the console keeps per profile: recent processes and pinned ones. Types only,
 * so the renderer can import them; `src-main/core/history` owns the file.
 */

/** A process the user looked up (or pinned), with what was known of it then. */
export interface HistoryEntry {
  processId: string;
  externalReference: string | null;
  processTypeName: string | null;
  /** The status when last seen, e.g. "InProgress"; it may have moved on since. */
  status: string | null;
  /** ISO 8601 time of the last lookup (or of pinning, for a process pinned without one). */
  lastSeenAt: string;
}

/** A profile's history: the last 50 lookups, most recent first, and the pinned processes. */
export interface ProfileHistory {
  recent: HistoryEntry[];
  pinned: HistoryEntry[];
}
