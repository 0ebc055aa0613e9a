import { randomUUID } from 'node:crypto';
import { Failure } from '../failure';
import { documentCacheBytes, documentIdleMs } from './limits';
import { estimatedBytes, type OpenedDocument } from './open-document';

/** The bounds of the kept copies. */
export interface DocumentStoreOptions {
  /** Handle prefix: 'w' for the worker's copies (every document), 'm' for a store a test keeps in its own thread. */
  prefix: 'm' | 'w';
  maxBytes?: number;
  idleMs?: number;
  now?: () => number;
}

interface Entry {
  opened: OpenedDocument;
  bytes: number;
  usedAt: number;
  search?: { query: string; paths: string[] };
}

/** The open documents, by handle; never written to disk. */
export interface DocumentStore {
  put(opened: OpenedDocument): string;
  /** The kept copy, or a not_found Failure that tells the user to open the document again. */
  get(ref: string): { opened: OpenedDocument; search?: { query: string; paths: string[] } };
  remember(ref: string, search: { query: string; paths: string[] }): void;
  close(ref: string): boolean;
  /** Estimated bytes kept, for the tests of the bound. */
  keptBytes(): number;
  size(): number;
}

/** The sentence for a handle that is no longer open. */
export const documentGoneMessage =
  'This document is no longer open in the console (it was closed, or let go to save memory); open it again to read on.';

/**
 * A bounded cache of opened documents: by estimated size (least recently used let go first) and
 * by idle time. A document bigger than the whole bound is still kept, alone, while it is open.
 */
export function createDocumentStore(options: DocumentStoreOptions): DocumentStore {
  const maxBytes = options.maxBytes ?? documentCacheBytes;
  const idleMs = options.idleMs ?? documentIdleMs;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order; re-inserting on use keeps the least recent first.
  const entries = new Map<string, Entry>();
  let kept = 0;

  function drop(ref: string): boolean {
    const entry = entries.get(ref);
    if (!entry) return false;
    entries.delete(ref);
    kept -= entry.bytes;
    return true;
  }

  function evict(): void {
    const oldest = now() - idleMs;
    for (const [ref, entry] of entries) {
      if (entry.usedAt < oldest || (kept > maxBytes && entries.size > 1)) drop(ref);
    }
  }

  return {
    put(opened) {
      const ref = `${options.prefix}-${randomUUID()}`;
      const bytes = estimatedBytes(opened);
      entries.set(ref, { opened, bytes, usedAt: now() });
      kept += bytes;
      evict();
      return ref;
    },
    get(ref) {
      evict();
      const entry = entries.get(ref);
      if (!entry) throw new Failure('not_found', documentGoneMessage);
      entries.delete(ref);
      entry.usedAt = now();
      entries.set(ref, entry);
      return entry;
    },
    remember(ref, search) {
      const entry = entries.get(ref);
      if (entry) entry.search = search;
    },
    close: drop,
    keptBytes: () => kept,
    size: () => entries.size,
  };
}
