import { describe, expect, it } from 'vitest';
import { createProgressMeter } from '../../../../../src-main/core/batches/progress-meter';

/** A meter on a clock the test moves: the figures are what the progress bar shows. */
function meterAt(total: number, done = 0) {
  let clock = 0;
  const meter = createProgressMeter(total, done, () => clock);
  return {
    meter,
    /** `rows` ticks spread evenly over `ms`. */
    run(rows: number, ms: number) {
      for (let row = 1; row <= rows; row += 1) {
        clock += ms / rows;
        meter.tick();
      }
    },
    wait(ms: number) {
      clock += ms;
    },
  };
}

describe('a batch progress meter', () => {
  it('gives no rate (nor time left) in the first two seconds, whatever burst the lane let go', () => {
    const { meter, run } = meterAt(1000);
    // The lane's bucket lets a second's worth of rows (20) go within 40 ms.
    run(20, 40);
    expect(meter.figures()).toEqual({ done: 20, total: 1000, ratePerSecond: 0, secondsLeft: null });
  });

  it('reads the pace the rows go at once it is known, and the time left from it', () => {
    const { meter, run, wait } = meterAt(1000);
    run(20, 40);
    run(196, 9_800);
    wait(160);
    // 216 rows in the first 10 s: the burst shows a little, not as 532 a second.
    expect(meter.figures()).toEqual({ done: 216, total: 1000, ratePerSecond: 21.6, secondsLeft: 37 });
    run(200, 10_000);
    expect(meter.figures()).toMatchObject({ done: 416, ratePerSecond: 20, secondsLeft: 30 });
  });

  it('shows a pause within seconds: the rate falls while no row ends', () => {
    const { meter, run, wait } = meterAt(1000);
    run(200, 10_000);
    wait(5_000);
    expect(meter.figures()).toMatchObject({ done: 200, ratePerSecond: 10 });
    wait(6_000);
    expect(meter.figures()).toMatchObject({ done: 200, ratePerSecond: 0, secondsLeft: null });
  });

  it('starts from the rows done before a restart, and never counts past the total', () => {
    const { meter, run } = meterAt(10, 8);
    run(3, 3_000);
    expect(meter.figures()).toMatchObject({ done: 10, total: 10, secondsLeft: 0 });
  });
});
