/**
 * Done, total, rate and time left for a batch's progress bar. The rate is the rows of the last ten
 * seconds over the time they cover, up to now, so a pause or a slow spell shows within seconds
 * rather than being averaged away. It is not given for the first two seconds: the lane lets a
 * second's worth of rows go at once, and rows over the span between the first and last of them
 * read 532 a second at a pace of 20.
 */
export interface ProgressMeter {
  tick(): void;
  /** True at most every 250 ms: progress events are throttled, the last one is always sent. */
  due(): boolean;
  figures(): { done: number; total: number; ratePerSecond: number; secondsLeft: number | null };
}

const windowMs = 10_000;
/** How long a job runs before its rate (and so its time left) is given. */
const firstRateMs = 2_000;

/** Starts a meter at `done` of `total`. */
export function createProgressMeter(
  total: number,
  done: number,
  now = () => performance.now(),
): ProgressMeter {
  let count = done;
  const ticks: number[] = [];
  const startedAt = now();
  let lastEmit = 0;
  const forget = (at: number) => {
    while (ticks.length > 0 && ticks[0]! <= at - windowMs) ticks.shift();
  };
  return {
    tick() {
      count += 1;
      const at = now();
      ticks.push(at);
      forget(at);
    },
    due() {
      if (now() - lastEmit < 250) return false;
      lastEmit = now();
      return true;
    },
    figures() {
      const at = now();
      forget(at);
      const covered = Math.min(windowMs, at - startedAt);
      const ratePerSecond =
        covered >= firstRateMs ? Math.round((ticks.length / (covered / 1000)) * 10) / 10 : 0;
      const left = Math.max(0, total - count);
      return {
        done: Math.min(count, total),
        total,
        ratePerSecond,
        secondsLeft: left === 0 ? 0 : ratePerSecond > 0 ? Math.ceil(left / ratePerSecond) : null,
      };
    },
  };
}
