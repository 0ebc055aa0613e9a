import type { Db } from './db';
import { transaction } from './sqlite';

interface PendingWrite {
  change: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. Each change runs in its own savepoint, so it is applied whole or not at all, and
 * the changes that arrive in the same turn of the event loop share one durable commit (one fsync).
 * A change's promise settles only after that commit, so nothing is acknowledged before it is on
 * disk. Under load this turns many fsyncs into one; alone, a change commits on the next tick.
 */
export class WriteQueue {
  private pending: PendingWrite[] = [];
  private scheduled = false;

  /** `onCommit` runs right after each commit, before any other request can read. */
  constructor(
    private readonly db: Db,
    private readonly onCommit: () => void = () => undefined,
  ) {}

  /** Runs `change` inside a transaction and resolves with its result once committed. */
  run<T>(change: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ change, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits whatever is queued now; used before closing the database. */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      transaction(this.db, () => {
        for (const write of batch) {
          try {
            // A nested transaction is a savepoint: a throwing change rolls back only itself.
            outcomes.push({ ok: true, value: transaction(this.db, write.change) });
          } catch (error) {
            // On a full disk or an I/O error SQLite rolls the whole batch back by itself: the
            // changes after this one would then commit alone, so stop and refuse them all.
            if (!this.db.isTransaction) throw error;
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    this.onCommit();
    batch.forEach((write, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) write.resolve(outcome.value);
      else write.reject(outcome.error);
    });
  }
}
