import { describe, expect, it } from 'vitest';
import { createLane } from '../../../../../src-main/core/batches/lane';

/** Lower bounds only: a loaded machine can make a wait longer, never shorter. */
describe("a profile's lane", () => {
  it('lets no more rows in at once than its concurrency, and lets the waiting ones in as places free', async () => {
    const lane = createLane(3, 10_000);
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const release = await lane.enter();
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inside -= 1;
        release();
      }),
    );
    expect(most).toBe(3);
  });

  it('sends a burst of one second at once, then no faster than its rate', async () => {
    const lane = createLane(8, 20);
    const started = performance.now();
    const taken: number[] = [];
    await Promise.all(Array.from({ length: 30 }, (_, n) => lane.take().then(() => taken.push(n))));
    // 20 tokens at once, the other 10 at 20 per second: half a second at least.
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    // In the order asked: a taker never overtakes one waiting before it.
    expect(taken).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it("holds every send for a 429's Retry-After, also one asked for when nobody was waiting", async () => {
    const lane = createLane(8, 10_000);
    await lane.take();
    lane.holdFor(300);
    const started = performance.now();
    await lane.take();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('takes at once while tokens are there and nobody waits', async () => {
    const lane = createLane(8, 1_000);
    let settled = 0;
    const takes = Array.from({ length: 5 }, () => lane.take().then(() => (settled += 1)));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(5);
    await Promise.all(takes);
  });

  it('gives up a wait when its job stops, while other takers go on', async () => {
    const lane = createLane(8, 2);
    await lane.take(2);
    const stop = new AbortController();
    // Both wait for tokens (two a second); the stopped one answers false, before the other's turn.
    const order: string[] = [];
    const stopped = lane.take(1, stop.signal).then((taken) => order.push(`stopped ${taken}`));
    const other = lane.take(1).then((taken) => order.push(`other ${taken}`));
    stop.abort();
    await Promise.all([stopped, other]);
    expect(order).toEqual(['stopped false', 'other true']);
    expect(await lane.take(1, stop.signal)).toBe(false);
  });
});
