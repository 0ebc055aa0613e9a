/**
 * Counts attempts per name (a client address, a key id) in fixed windows; a name that reaches its
 * limit is refused until its window ends. An attempt is counted when it starts, before the slow
 * check, so concurrent guesses cannot all slip past the limit while their hashes run; a success
 * gives its attempt back.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { startedAt: number; attempts: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    // Bounded, oldest first out: a flood of distinct names cannot grow memory without end.
    private readonly capacity = 10_000,
  ) {}

  /** Whole seconds until `name` may try again (at least 1), or 0 when it may try now. */
  retryAfterSeconds(name: string): number {
    const window = this.current(name);
    if (!window || window.attempts < this.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - this.now()) / 1000));
  }

  /** Counts one attempt against `name`. */
  count(name: string): void {
    const window = this.current(name) ?? { startedAt: this.now(), attempts: 0 };
    window.attempts += 1;
    this.windows.delete(name);
    this.windows.set(name, window);
    if (this.windows.size > this.capacity) this.windows.delete(this.windows.keys().next().value!);
  }

  /** Gives back an attempt that succeeded. */
  forgive(name: string): void {
    const window = this.current(name);
    if (window && window.attempts > 0) window.attempts -= 1;
  }

  private current(name: string): { startedAt: number; attempts: number } | undefined {
    const window = this.windows.get(name);
    if (window && this.now() - window.startedAt >= this.windowMs) {
      this.windows.delete(name);
      return undefined;
    }
    return window;
  }
}
