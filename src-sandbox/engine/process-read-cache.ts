import type { Db } from '../storage/db';
import { prepareColumn } from '../storage/sqlite';

const maxEntries = 5000;

/**
 * Read results as JSON text (a whole process, its steps, its current step), for the read routes:
 * a console polls the same processes over and over, and assembling a process (steps, recorded
 * calls, notes, fields) costs far more than sending it. Correctness first: everything is dropped
 * after every commit of this service (the write queue calls `clear`) and whenever SQLite's
 * `data_version` shows that another process (the CLI's retry-rest-steps, say) committed.
 */
export class ProcessReadCache {
  private readonly entries = new Map<string, string>();
  private readonly dataVersion;
  private seenVersion: number;

  constructor(db: Db) {
    this.dataVersion = prepareColumn<number>(db, 'PRAGMA data_version');
    this.seenVersion = this.dataVersion.get()!;
  }

  /** The JSON text of what `build` returns for `key`; undefined (not cached) when it returns undefined. */
  text(key: string, build: () => unknown): string | undefined {
    const version = this.dataVersion.get()!;
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached;
    const value = build();
    if (value === undefined) return undefined;
    const text = JSON.stringify(value);
    if (this.entries.size >= maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, text);
    return text;
  }

  /** Forgets everything; called after each commit. */
  clear(): void {
    this.entries.clear();
  }
}
