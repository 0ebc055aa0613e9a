import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { revealWhenReady, type RevealTrigger } from '../../../../src-main/desktop/window-reveal';

/** A hidden window that emits only what a test tells it to, as on Wayland (electron#48859). */
class FakeWindow extends EventEmitter {
  readonly webContents = new EventEmitter();
  destroyed = false;
  shows = 0;
  isDestroyed() {
    return this.destroyed;
  }
  show() {
    this.shows += 1;
  }
}

describe('showing the window', () => {
  let window: FakeWindow;
  let triggers: RevealTrigger[];

  beforeEach(() => {
    vi.useFakeTimers();
    window = new FakeWindow();
    triggers = [];
    revealWhenReady(window, { onShown: (trigger) => triggers.push(trigger) });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows on ready-to-show, once, even when the page then loads and the timer runs out', () => {
    window.emit('ready-to-show');
    window.webContents.emit('did-finish-load');
    vi.advanceTimersByTime(5_000);
    expect(window.shows).toBe(1);
    expect(triggers).toEqual(['ready-to-show']);
  });

  it('shows when the page has loaded but ready-to-show never comes', () => {
    window.webContents.emit('did-finish-load');
    expect(window.shows).toBe(1);
    expect(triggers).toEqual(['did-finish-load']);
  });

  it('shows after 2 s when neither event comes', () => {
    vi.advanceTimersByTime(1_999);
    expect(window.shows).toBe(0);
    vi.advanceTimersByTime(1);
    expect(window.shows).toBe(1);
    expect(triggers).toEqual(['timer']);
  });

  it('never shows a window closed before it was ready', () => {
    window.destroyed = true;
    vi.advanceTimersByTime(2_000);
    window.webContents.emit('did-finish-load');
    expect(window.shows).toBe(0);
    expect(triggers).toEqual([]);
  });
});
