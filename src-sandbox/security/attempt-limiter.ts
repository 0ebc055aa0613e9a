/**
 * Counts attempts per name (a client address, a key id) in fixed windows; a name that reaches its
 * limit is refused until its window ends. An attempt is counted when it starts, before the slow
 * check, so concurrent guesses cannot all slip past the limit while their hashes run; a success
 * gives its attempt back.
 */
class AttemptLimiter {
  private readonly windows = new Map<string, { startedAt: number; attempts: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    // Bounded, oldest first out: a flood of distinct names cannot grow memory without end.
    private readonly capacity = 10_000,
  ) {}

  /** Whether `name` has reached its limit in the current window. */
  reached(name: string): boolean {
    return (this.current(name)?.attempts ?? 0) >= this.limit;
  }

  /** Whether `name` has no attempt counted in the current window. */
  clean(name: string): boolean {
    return (this.current(name)?.attempts ?? 0) === 0;
  }

  /** Whole seconds until the current window of `name` ends (at least 1), or 0 when it has none. */
  secondsLeft(name: string): number {
    const window = this.current(name);
    if (!window) return 0;
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

/** Failed attempts allowed per client address, and per name (a key id, a user name), in each window. */
export interface GuessLimits {
  perAddress: number;
  perName: number;
  windowMs: number;
}

/** The limits of API keys and staff sign-ins alike: per address, per key id or user name. */
export const attemptLimits: GuessLimits = { perAddress: 10, perName: 5, windowMs: 60_000 };

/**
 * Limits the guessing of a secret (an API key's, a staff password) by its failures per client
 * address and per name, so that a flood cannot saturate the slow hash, while a right secret
 * still gets through where it can be told apart without hashing every guess:
 *
 * - a name that has failed lately, from an address that has failed too many times, waits;
 * - a name that has failed too many times, from an address that has failed lately, waits;
 * - an unknown name (no hash to check) waits when its address has failed too many times;
 * - anything else is checked: a name with no failure passes a limited address (every user behind
 *   one council proxy shares an address with whoever floods from it), and an address with no
 *   failure passes a limited name (anyone could otherwise lock a known user name out).
 *
 * The hashes a flood can cost stay bounded: from one address, the limit, then one per known name
 * that has not failed (each failure marks it); on one name, the limit, then one per address that
 * has not failed. Attempts are counted as they start and given back when they succeed, so only
 * failures count.
 */
export class GuessLimiter {
  private readonly byAddress: AttemptLimiter;
  private readonly byName: AttemptLimiter;

  constructor(limits: GuessLimits, now: () => number) {
    this.byAddress = new AttemptLimiter(limits.perAddress, limits.windowMs, now);
    this.byName = new AttemptLimiter(limits.perName, limits.windowMs, now);
  }

  /**
   * Whole seconds before `name` may be checked from `address`, or 0 to check it now; `name` is
   * undefined when no such name exists. A refusal lifts when either window ends.
   */
  wait(address: string, name: string | undefined): number {
    if (name === undefined) {
      return this.byAddress.reached(address) ? this.byAddress.secondsLeft(address) : 0;
    }
    const refused =
      (this.byAddress.reached(address) && !this.byName.clean(name)) ||
      (this.byName.reached(name) && !this.byAddress.clean(address));
    if (!refused) return 0;
    return Math.min(this.byAddress.secondsLeft(address), this.byName.secondsLeft(name));
  }

  /** Counts an attempt as it starts (an unknown name: against its address only). */
  begin(address: string, name: string | undefined): void {
    this.byAddress.count(address);
    if (name !== undefined) this.byName.count(name);
  }

  /** Gives back an attempt that succeeded. */
  succeeded(address: string, name: string): void {
    this.byAddress.forgive(address);
    this.byName.forgive(name);
  }
}
