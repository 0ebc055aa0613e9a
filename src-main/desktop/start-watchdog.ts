/**
 * A start that shows no window must not leave a process running with nothing on screen and
 * `npm start` waiting for ever: after a time limit the shell says which stage it was stuck in and
 * exits. Free of Electron so a unit test can drive it with fake timers.
 */

/** The stages of a desktop start, in order. */
export type StartStage = 'waiting for Electron to be ready' | 'loading the window';

/** How long a start may take before it gives up. */
export const startLimitMs = 20_000;

/** The running watchdog. */
export interface StartWatchdog {
  /** Records how far the start got, for the sentence. */
  reached(stage: StartStage): void;
  /** A window is on screen (or the start ended another way): stand down. */
  stop(): void;
}

/** Options for {@link startWatchdog}. */
export interface StartWatchdogOptions {
  /** Says the sentence and ends the process with a failure. */
  giveUp: (sentence: string) => void;
  limitMs?: number;
  platform?: NodeJS.Platform;
}

/** Starts the time limit now, in the first stage. */
export function startWatchdog(options: StartWatchdogOptions): StartWatchdog {
  const limitMs = options.limitMs ?? startLimitMs;
  let stage: StartStage = 'waiting for Electron to be ready';
  const timer = setTimeout(() => options.giveUp(noWindowSentence(stage, limitMs, options.platform)), limitMs);
  return {
    reached(next) {
      stage = next;
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/** The sentence for a start that showed no window; on Linux it names the X11 way round Wayland. */
export function noWindowSentence(stage: StartStage, limitMs: number, platform = process.platform): string {
  const sentence = `Process Console showed no window within ${limitMs / 1000} s (it was ${stage}), so it stops.`;
  return platform === 'linux'
    ? `${sentence} If your desktop runs Wayland, start it with --ozone-platform=x11.`
    : sentence;
}
