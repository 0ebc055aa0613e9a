import type { RequestLogEntry } from '../../src-shared/logs';
import { redactHeaders, redactPath } from '../../src-shared/redaction';
import type { RequestRecorder } from './ports';

/**
 * The last calls to any service, in memory only (gone at quit), for the request log view. The
 * client records entries already redacted; this log redacts again so a forgotten header cannot leak.
 */

/** Filter of {@link RequestLog.list}. */
export interface RequestLogFilter {
  profileId?: string;
  /** The id of the last entry of the previous page: entries older than it. */
  before?: string;
  /** Part of the method, path or status, any case. */
  text?: string;
  onlyFailures?: boolean;
  /** Most entries returned; all kept entries by default. */
  limit?: number;
}

/** A bounded, newest-first log of HTTP exchanges. */
export interface RequestLog extends RequestRecorder {
  list(filter?: RequestLogFilter): RequestLogEntry[];
}

/** Keeps the last `capacity` entries in a ring buffer, so recording stays O(1) however long the console runs. */
export function createRequestLog(capacity = 1000): RequestLog {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be a positive integer`);
  const ring: (RequestLogEntry | undefined)[] = new Array<RequestLogEntry | undefined>(capacity);
  let next = 0;
  let size = 0;
  const ringHas = (id: string) => ring.some((entry) => entry?.id === id);
  return {
    record(entry) {
      ring[next] = redactEntry(entry);
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
    },
    list(filter = {}) {
      const limit = filter.limit ?? capacity;
      const text = filter.text?.toLowerCase();
      const found: RequestLogEntry[] = [];
      // A cursor that has left the ring (or never was) starts from the newest entry.
      let started = filter.before === undefined || !ringHas(filter.before);
      for (let back = 1; back <= size && found.length < limit; back += 1) {
        const entry = ring[(next - back + capacity) % capacity]!;
        if (!started) {
          started = entry.id === filter.before;
          continue;
        }
        if (filter.profileId !== undefined && entry.profileId !== filter.profileId) continue;
        if (filter.onlyFailures && entry.errorCode === null) continue;
        if (text && !`${entry.method} ${entry.path} ${entry.status ?? ''}`.toLowerCase().includes(text))
          continue;
        found.push(structuredClone(entry));
      }
      return found;
    },
  };
}

/** A copy of `entry` with secret headers and secret-looking query values replaced (rules in src-shared/redaction.ts). */
export function redactEntry(entry: RequestLogEntry): RequestLogEntry {
  return {
    ...entry,
    path: redactPath(entry.path),
    requestHeaders: redactHeaders(entry.requestHeaders),
    responseHeaders: redactHeaders(entry.responseHeaders),
  };
}
