/**
 * Quitting that never hangs: the first quit request closes the core (stops the embedded service,
 * flushes the inbox and workers) but gives it at most a few seconds; a second request, or the
 * timer, exits at once. Free of Electron so a unit test can drive it with fakes.
 */

/** What the quit handler needs from the app. */
export interface QuitDeps {
  /** Closes the core; its failure is not a reason to stay open. */
  close: () => Promise<void>;
  /** Ends the process without further quit events (Electron's `app.exit(0)`). */
  exit: () => void;
  /** How long `close` may take. */
  timeoutMs?: number;
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
