import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noWindowSentence, startWatchdog } from '../../../../src-main/desktop/start-watchdog';

describe('a start that shows no window', () => {
  let sentences: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    sentences = [];
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up after 20 s, naming the stage it was stuck in', () => {
    const watchdog = startWatchdog({ giveUp: (sentence) => sentences.push(sentence), platform: 'darwin' });
    watchdog.reached('loading the window');
    vi.advanceTimersByTime(19_999);
    expect(sentences).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sentences).toEqual([
      'Process Console showed no window within 20 s (it was loading the window), so it stops.',
    ]);
  });

  it('stands down once a window is shown', () => {
    const watchdog = startWatchdog({ giveUp: (sentence) => sentences.push(sentence) });
    watchdog.stop();
    vi.advanceTimersByTime(60_000);
    expect(sentences).toEqual([]);
  });

  it('names the X11 way round Wayland on Linux only', () => {
    expect(noWindowSentence('waiting for Electron to be ready', 20_000, 'linux')).toBe(
      'Process Console showed no window within 20 s (it was waiting for Electron to be ready), so it stops. If your desktop runs Wayland, start it with --ozone-platform=x11.',
    );
    expect(noWindowSentence('waiting for Electron to be ready', 20_000, 'win32')).not.toContain('x11');
  });
});
