import { describe, expect, it } from 'vitest';
import { createFocusRequests, type FocusableWindow } from '../../../../src-main/desktop/focus-requests';

function fakeWindow(minimized = false) {
  const calls: string[] = [];
  const window: FocusableWindow = {
    isDestroyed: () => false,
    isMinimized: () => minimized,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
  return { window, calls };
}

describe('second-instance focus requests', () => {
  it('remembers a request made during start-up and focuses the window once it exists', () => {
    const focus = createFocusRequests();
    focus.request();
    const { window, calls } = fakeWindow(true);
    focus.attach(window);
    expect(calls).toEqual(['restore', 'show', 'focus']);
  });

  it('focuses at once when the window is there, and not on attach without a request', () => {
    const focus = createFocusRequests();
    const { window, calls } = fakeWindow();
    focus.attach(window);
    expect(calls).toEqual([]);
    focus.request();
    expect(calls).toEqual(['show', 'focus']);
  });

  it('waits for the next window when the last one was closed (macOS)', () => {
    const focus = createFocusRequests();
    focus.attach({ ...fakeWindow().window, isDestroyed: () => true });
    focus.request();
    const next = fakeWindow();
    focus.attach(next.window);
    expect(next.calls).toEqual(['show', 'focus']);
  });

  it('opens a window when the last one was closed (macOS), as the Dock icon does', () => {
    const focus = createFocusRequests();
    const { window, calls } = fakeWindow();
    let closed = false;
    focus.attach({ ...window, isDestroyed: () => closed });
    let opened = 0;
    focus.setOpener(() => {
      opened += 1;
      return true;
    });
    closed = true;
    focus.request();
    expect(opened).toBe(1);
    expect(calls).toEqual([]);
  });

  it('waits for a window that exists but is not ready yet, instead of opening another', () => {
    const focus = createFocusRequests();
    focus.setOpener(() => false);
    focus.request();
    const { window, calls } = fakeWindow();
    focus.attach(window);
    expect(calls).toEqual(['show', 'focus']);
  });
});
