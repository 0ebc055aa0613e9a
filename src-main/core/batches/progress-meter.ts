/**
 * Done, total, rate and time left for a batch's progress bar. The rate is taken over the last ten
 * seconds, so a pause or a slow spell shows within seconds rather than being averaged away.
 */
export interface ProgressMeter {
  tick(): void;
  /** True at most every 250 ms: progress events are throttled, the last one is always sent. */
  due(): boolean;
  figures(): { done: number; total: number; ratePerSecond: number; secondsLeft: number | null };
}

const windowMs = 10_000;

/** Starts a meter at `done` of `total`. */
export function createProgressMeter(
  total: number,
  done: number,
  now = () => performance.now(),
): ProgressMeter {
  let count = done;
  const ticks: number[] = [];
  let lastEmit = 0;
  return {
    tick() {
      count += 1;
      ticks.push(now());
      while (ticks.length > 0 && ticks[0]! < now() - windowMs) ticks.shift();
    },
    due() {
      if (now() - lastEmit < 250) return false;
      lastEmit = now();
      return true;
    },
    figures() {
      const span = ticks.length > 1 ? (ticks.at(-1)! - ticks[0]!) / 1000 : 0;
      const ratePerSecond = span > 0 ? Math.round(((ticks.length - 1) / span) * 10) / 10 : 0;
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
