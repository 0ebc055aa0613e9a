import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A profile's lane: how many rows its batches work on at once (a semaphore) and how many
 * requests per second they send (a token bucket), shared by every batch of the profile so two
 * batches together keep the same pace as one.
 */
export interface Lane {
  /** Waits for a free place; returns its release. */
  enter(): Promise<() => void>;
  /**
   * Waits until `count` requests may be sent: true once they may, false when `stop` (the job's
   * Pause or Cancel) came first, nothing taken. A wait may last a 429's whole hold.
   */
  take(count?: number, stop?: AbortSignal): Promise<boolean>;
  /** Holds every send for `ms` (a 429's Retry-After). */
  holdFor(ms: number): void;
  setPace(concurrency: number, ratePerSecond: number): void;
}

/** Creates a lane; the bucket holds one second's worth of tokens, so bursts stay small. */
export function createLane(concurrency: number, ratePerSecond: number, now = () => performance.now()): Lane {
  let limit = concurrency;
  let rate = ratePerSecond;
  let busy = 0;
  const waiting: (() => void)[] = [];
  let tokens = rate;
  let refilledAt = now();
  let heldUntil = 0;
  // Takers queue so each waits its turn: without it a large take could starve behind small ones.
  let queue: Promise<void> = Promise.resolve();
  let takers = 0;

  const refill = () => {
    const at = now();
    tokens = Math.min(Math.max(rate, 1), tokens + ((at - refilledAt) / 1000) * rate);
    refilledAt = at;
  };
  const admit = () => {
    while (busy < limit && waiting.length > 0) {
      busy += 1;
      waiting.shift()!();
    }
  };
  const release = () => {
    busy -= 1;
    admit();
  };

  return {
    enter() {
      return new Promise((resolve) => {
        waiting.push(() => {
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            release();
          });
        });
        admit();
      });
    },
    take(count = 1, stop) {
      if (stop?.aborted) return Promise.resolve(false);
      // Nobody waiting, nothing held, tokens there: taken at once. A chain of promises per request
      // was a measurable part of a batch read's CPU, and the order is the same (no one to overtake).
      if (takers === 0 && heldUntil <= now()) {
        refill();
        if (tokens >= count) {
          tokens -= count;
          return Promise.resolve(true);
        }
      }
      takers += 1;
      const turn = queue.then(async () => {
        try {
          for (;;) {
            // Checked before each take: a stopped job's turn takes nothing, so no token is spent.
            if (stop?.aborted) return false;
            const hold = heldUntil - now();
            if (hold > 0) {
              await sleep(hold, undefined, { signal: stop });
              continue;
            }
            refill();
            if (tokens >= count || (tokens >= 1 && count > rate)) {
              tokens -= count;
              return true;
            }
            await sleep(Math.max(1, ((count - tokens) / rate) * 1000), undefined, { signal: stop });
          }
        } catch (error) {
          if (stop?.aborted) return false;
          throw error;
        }
      });
      queue = turn
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => (takers -= 1));
      // Another batch's takers may be ahead in the queue: a stopped job does not wait for them.
      return stop ? untilStopped(turn, stop) : turn;
    },
    holdFor(ms) {
      heldUntil = Math.max(heldUntil, now() + ms);
    },
    setPace(nextConcurrency, nextRate) {
      limit = nextConcurrency;
      rate = nextRate;
      admit();
    },
  };
}

/** `turn`, or false as soon as `stop` aborts (its listener removed once either happens). */
function untilStopped(turn: Promise<boolean>, stop: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const stopped = () => resolve(false);
    stop.addEventListener('abort', stopped, { once: true });
    turn.then(
      (taken) => {
        stop.removeEventListener('abort', stopped);
        resolve(taken);
      },
      (error: unknown) => {
        stop.removeEventListener('abort', stopped);
        reject(error as Error);
      },
    );
  });
}
