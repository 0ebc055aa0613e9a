import type { RequestLogEntry } from '../../src-shared/logs';
import type { RequestRecorder } from './ports';

/**
 * The last calls to any service, in memory only (gone at quit), for the request log view. The
 * client records entries already redacted; this log redacts again so a forgotten header cannot leak.
 */

/** Filter of {@link RequestLog.list}. */
export interface RequestLogFilter {
  profileId?: string;
  /** Most entries returned; all kept entries by default. */
  limit?: number;
}

/** A bounded, newest-first log of HTTP exchanges. */
export interface RequestLog extends RequestRecorder {
  list(filter?: RequestLogFilter): RequestLogEntry[];
}

/** What a redacted value reads as. */
export const redacted = '[redacted]';

const secretHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-api-secret',
  'cookie',
  'set-cookie',
]);
// Not `auth` alone: WWW-Authenticate carries no secret and explains a 401. `client_id` is the API key
// in the bearer scheme (API.md).
const secretName =
  /secret|token|password|passwd|api[-_]?key|session|signature|credential|^key$|^client[-_]?id$/i;

/** Keeps the last `capacity` entries in a ring buffer, so recording stays O(1) however long the console runs. */
export function createRequestLog(capacity = 1000): RequestLog {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be a positive integer`);
  const ring: (RequestLogEntry | undefined)[] = new Array<RequestLogEntry | undefined>(capacity);
  let next = 0;
  let size = 0;
  return {
    record(entry) {
      ring[next] = redactEntry(entry);
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
    },
    list(filter = {}) {
      const limit = filter.limit ?? capacity;
      const found: RequestLogEntry[] = [];
      for (let back = 1; back <= size && found.length < limit; back += 1) {
        const entry = ring[(next - back + capacity) % capacity]!;
        if (filter.profileId === undefined || entry.profileId === filter.profileId)
          found.push(structuredClone(entry));
      }
      return found;
    },
  };
}

/** A copy of `entry` with secret headers and secret-looking query values replaced by {@link redacted}. */
export function redactEntry(entry: RequestLogEntry): RequestLogEntry {
  return {
    ...entry,
    path: redactQuery(entry.path),
    requestHeaders: redactHeaders(entry.requestHeaders),
    responseHeaders: redactHeaders(entry.responseHeaders),
  };
}

function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    copy[name] = secretHeaders.has(lower) || secretName.test(lower) ? redacted : value;
  }
  return copy;
}

function redactQuery(path: string): string {
  const mark = path.indexOf('?');
  if (mark < 0) return path;
  const query = path
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && secretName.test(safeDecode(name)) ? `${name}=${redacted}` : pair;
    })
    .join('&');
  return `${path.slice(0, mark)}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
