import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQuitHandler } from '../../../../src-main/desktop/quit';

function quitEvent() {
  return {
    prevented: 0,
    preventDefault() {
      this.prevented += 1;
    },
  };
}

describe('bounded quit', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('closes the core, then exits', async () => {
    const exit = vi.fn();
    const close = vi.fn(() => Promise.resolve());
    const event = quitEvent();
    createQuitHandler({ close, exit, timeoutMs: 3_000 })(event);
    expect(event.prevented).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(close).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledOnce();
  });

  it('exits after the timeout when closing hangs', async () => {
    const exit = vi.fn();
    createQuitHandler({ close: () => new Promise(() => undefined), exit, timeoutMs: 3_000 })(quitEvent());
    await vi.advanceTimersByTimeAsync(2_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledOnce();
  });

  it('exits when closing fails', async () => {
    const exit = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    createQuitHandler({ close: () => Promise.reject(new Error('stuck')), exit })(quitEvent());
    await vi.advanceTimersByTimeAsync(0);
    expect(exit).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('a second quit request exits at once, and only once in all', async () => {
    const exit = vi.fn();
    const close = vi.fn(() => new Promise<void>(() => undefined));
    const onQuit = createQuitHandler({ close, exit, timeoutMs: 3_000 });
    onQuit(quitEvent());
    await vi.advanceTimersByTimeAsync(0);
    onQuit(quitEvent());
    expect(exit).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(exit).toHaveBeenCalledOnce();
    expect(close).toHaveBeenCalledOnce();
  });

  it('does not hold up a log-out, restart or shutdown: saves what it can at once and lets it go', async () => {
    const exit = vi.fn();
    const close = vi.fn(() => Promise.resolve());
    const closeNow = vi.fn();
    let ending = false;
    const onQuit = createQuitHandler({ close, exit, closeNow, sessionEnding: () => ending });
    ending = true;
    const event = quitEvent();
    onQuit(event);
    onQuit(quitEvent());
    expect(event.prevented).toBe(0);
    expect(closeNow).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(close).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
  });

  it('a session that ends during an ordinary quit is no longer held', async () => {
    let ending = false;
    const onQuit = createQuitHandler({
      close: () => new Promise<void>(() => undefined),
      exit: vi.fn(),
      sessionEnding: () => ending,
    });
    onQuit(quitEvent());
    ending = true;
    const event = quitEvent();
    onQuit(event);
    expect(event.prevented).toBe(0);
  });
});
