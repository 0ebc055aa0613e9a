/**
 * A window that fails before it is ready to show stays hidden for ever, and `npm start` would wait
 * for its ready line: such a failure is said in one sentence on stderr and the app exits. Free of
 * Electron so a unit test can hold the rules.
 */

/** What Electron reported before `ready-to-show`. */
export type WindowFailure =
  /** `render-process-gone`: the page's process crashed, was killed or failed to launch. */
  | { kind: 'gone'; reason: string; exitCode: number }
  /** `did-fail-load`, or `loadURL` rejecting. */
  | { kind: 'load'; errorCode: number; description: string; url: string; isMainFrame: boolean };

/** Chromium's ERR_ABORTED: a load replaced by another, not a failure of the window. */
const aborted = -3;

/** The sentence for a failure that ends start-up, or null for one that does not (a subframe, an abort). */
export function windowFailureSentence(failure: WindowFailure): string | null {
  if (failure.kind === 'gone')
    return `The console's window stopped before it was shown: its page process ended (${failure.reason}, exit code ${failure.exitCode}).`;
  if (!failure.isMainFrame || failure.errorCode === aborted) return null;
  return `The console's window could not load its page ${failure.url}: ${failure.description || 'unknown error'} (${failure.errorCode}).`;
}

/** The failure a rejected `loadURL` describes (Electron's error carries `errno`, `code` and `url`). */
export function loadUrlFailure(error: unknown, url: string): WindowFailure {
  const value = error as { errno?: unknown; code?: unknown; message?: unknown; url?: unknown };
  return {
    kind: 'load',
    errorCode: typeof value.errno === 'number' ? value.errno : 0,
    description: typeof value.code === 'string' ? value.code : String(value.message ?? error),
    url: typeof value.url === 'string' ? value.url : url,
    isMainFrame: true,
  };
}
