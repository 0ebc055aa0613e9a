/**
 * Quitting that never hangs: the first quit request closes the core (stops the embedded service,
 * flushes the inbox and workers) but gives it at most a few seconds; a second request, or the
 * timer, exits at once. When the OS ends the session (log-out, restart, shut down), the quit is
 * not held at all: on macOS a prevented `before-quit` cancels the log-out itself. Free of Electron
 * so a unit test can drive it with fakes.
 */

/** What the quit handler needs from the app. */
export interface QuitDeps {
  /** Closes the core; its failure is not a reason to stay open. */
  close: () => Promise<void>;
  /** Ends the process without further quit events (Electron's `app.exit(0)`). */
  exit: () => void;
  /** How long `close` may take. */
  timeoutMs?: number;
  /** True once the OS said the session ends (Electron's `powerMonitor` `shutdown`). */
  sessionEnding?: () => boolean;
  /** What can be saved at once (the window's place), for a quit that cannot wait. */
  closeNow?: () => void;
}

/** Builds the `before-quit` listener. */
export function createQuitHandler(deps: QuitDeps): (event: { preventDefault(): void }) => void {
  const timeoutMs = deps.timeoutMs ?? 3_000;
  let closing = false;
  let exited = false;
  const exitOnce = () => {
    if (exited) return;
    exited = true;
    deps.exit();
  };
  return (event) => {
    if (deps.sessionEnding?.()) {
      // Not prevented, so the log-out goes on; only what is synchronous gets done.
      if (!closing) {
        closing = true;
        try {
          deps.closeNow?.();
        } catch (error) {
          console.error('Closing the console failed:', error);
        }
      }
      return;
    }
    event.preventDefault();
    if (closing) {
      // The user asked again (or the OS did): they want out now.
      exitOnce();
      return;
    }
    closing = true;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    const closed = Promise.resolve()
      .then(deps.close)
      .catch((error: unknown) => console.error('Closing the console failed:', error));
    void Promise.race([closed, deadline]).then(() => {
      clearTimeout(timer);
      exitOnce();
    });
  };
}
