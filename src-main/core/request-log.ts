import { shownBody } from '../../src-shared/logged-body';
import type { RequestLogEntry } from '../../src-shared/logs';
import { redactHeaders, redactPath } from '../../src-shared/redaction';
import type { RequestRecorder } from './ports';

/**
 * The last calls to any service, in memory only (gone at quit), for the request log view. The
 * client records entries already redacted; this log redacts again so a forgotten header cannot leak.
 */

/** A status class the log can be filtered by; `none` is a request that got no answer. */
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'none';

/** Filter of {@link RequestLog.list}. */
export interface RequestLogFilter {
  profileId?: string;
  /** The id of the last entry of the previous page: entries older than it. */
  before?: string;
  /** Part of the method, path or status, any case. */
  text?: string;
  onlyFailures?: boolean;
  /** A process id or external reference: the exchanges about that process, either name. */
  process?: string;
  status?: StatusClass;
  /** Most entries returned; all kept entries by default. */
  limit?: number;
}

/** A bounded, newest-first log of HTTP exchanges. */
export interface RequestLog extends RequestRecorder {
  list(filter?: RequestLogFilter): RequestLogEntry[];
}

/**
 * Characters of bodies the whole log keeps (each body is already cut at 64 KiB, logged-body.ts,
 * and JSON is kept compact until shown).
 * 1,000 entries of two full bodies would hold 128 Mi characters; past this budget the oldest
 * entries let their bodies go and say so, and their lines stay.
 */
export const bodyBudgetChars = 8 * 1024 * 1024;

/** Keeps the last `capacity` entries in a ring buffer, so recording stays O(1) however long the console runs. */
export function createRequestLog(capacity = 1000, bodyBudget = bodyBudgetChars): RequestLog {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be a positive integer`);
  const ring: (RequestLogEntry | undefined)[] = new Array<RequestLogEntry | undefined>(capacity);
  let next = 0;
  let size = 0;
  let bodyChars = 0;
  // A process's other name (id <-> reference), learned from its answers, so either finds both.
  const aliases = new Map<string, Set<string>>();
  const ringHas = (id: string) => ring.some((entry) => entry?.id === id);

  function learn(refs: readonly string[]) {
    if (refs.length < 2) return;
    if (aliases.size > 10 * capacity) aliases.clear();
    for (const ref of refs) {
      const known = aliases.get(ref.toLowerCase()) ?? new Set<string>();
      for (const other of refs) known.add(other.toLowerCase());
      aliases.set(ref.toLowerCase(), known);
    }
  }

  function keepWithinBudget() {
    for (let back = size; back >= 1 && bodyChars > bodyBudget; back -= 1) {
      const index = (next - back + capacity) % capacity;
      const entry = ring[index]!;
      if (entry.bodiesDropped || (!entry.requestBody && !entry.responseBody)) continue;
      bodyChars -= charsOf(entry);
      ring[index] = { ...entry, requestBody: null, responseBody: null, bodiesDropped: true };
    }
  }

  return {
    record(entry) {
      const clean = redactEntry(entry);
      const old = ring[next];
      if (old) bodyChars -= charsOf(old);
      ring[next] = clean;
      bodyChars += charsOf(clean);
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
      learn(clean.processRefs);
      keepWithinBudget();
    },
    list(filter = {}) {
      const limit = filter.limit ?? capacity;
      const text = filter.text?.toLowerCase();
      const process = filter.process?.trim().toLowerCase();
      const names = process ? [...(aliases.get(process) ?? []), process] : [];
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
        if (filter.status !== undefined && statusClass(entry.status) !== filter.status) continue;
        if (text && !`${entry.method} ${entry.path} ${entry.status ?? ''}`.toLowerCase().includes(text))
          continue;
        if (process && !namesProcess(entry, names)) continue;
        found.push(shown(entry));
      }
      return found;
    },
  };
}

/** The class of an HTTP status, `none` when no answer came. */
export function statusClass(status: number | null): StatusClass {
  if (status === null) return 'none';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  return status >= 300 ? '3xx' : '2xx';
}

function namesProcess(entry: RequestLogEntry, names: readonly string[]): boolean {
  const path = decodeURIComponentSafe(entry.path).toLowerCase();
  const refs = entry.processRefs.map((ref) => ref.toLowerCase());
  return names.some((name) => refs.includes(name) || pathNames(path, name));
}

/** True when `name` is a whole segment of the path (FT-1 must not find FT-10). */
function pathNames(path: string, name: string): boolean {
  return path.split(/[/?&=]/).includes(name);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A copy of a kept entry as the log view shows it: bodies pretty-printed only now, when asked for. */
function shown(entry: RequestLogEntry): RequestLogEntry {
  const copy = structuredClone(entry);
  return {
    ...copy,
    requestBody: copy.requestBody && shownBody(copy.requestBody),
    responseBody: copy.responseBody && shownBody(copy.responseBody),
  };
}

function charsOf(entry: RequestLogEntry): number {
  return (entry.requestBody?.text.length ?? 0) + (entry.responseBody?.text.length ?? 0);
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
