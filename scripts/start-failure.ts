// Why `npm start` could not open the desktop window, in one sentence. Plain TypeScript that Node
// runs directly (type stripping), so start.mjs and the unit tests share one copy.

/** The line the desktop shell prints once its window is ready (src-main/desktop/ready-line.ts). */
export const desktopReadyLine = 'Process Console window ready';

/** What a failed runtime download looked like: a network error code, an HTTP status, or our timer. */
export interface DownloadOutcome {
  /** `error.code` or `error.cause.code` of the failed request (ENOTFOUND, ECONNREFUSED, …). */
  code?: string;
  /** HTTP status when the server answered but refused. */
  status?: number;
  /** True when the download ran past our time limit. */
  timedOut?: boolean;
  /** What Electron's installer (install.js) wrote to stderr: the reason when the server answered. */
  installerStderr?: string;
}

const offlineCodes = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ECONNRESET',
  'EAI_FAIL',
]);
const timeoutCodes = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'TimeoutError',
]);

/** One sentence saying why the runtime could not be downloaded. */
export function describeDownloadFailure(outcome: DownloadOutcome): string {
  const lead = 'The Electron runtime could not be downloaded';
  if (outcome.timedOut || (outcome.code && timeoutCodes.has(outcome.code)))
    return `${lead}: the download timed out (a slow or filtered connection).`;
  if (outcome.code && offlineCodes.has(outcome.code))
    return `${lead}: this machine cannot reach its download server (offline or blocked, ${outcome.code}).`;
  if (outcome.status !== undefined && outcome.status >= 400)
    return `${lead}: its download server refused the request (HTTP ${outcome.status}).`;
  const lastLine = lastLineOf(outcome.installerStderr ?? '');
  const detail = lastLine ? `: ${lastLine}` : '';
  return `${lead}${outcome.code ? ` (${outcome.code})` : ''}${detail}${detail.endsWith('.') ? '' : '.'}`;
}

/**
 * Whether a line of Electron's installer's stderr is shown as it comes: its progress is, but a raw
 * error (`TypeError: fetch failed`, `HTTPError: …`) and its stack are not, since the sentence of
 * {@link describeDownloadFailure} says the same in words once the installer stops.
 */
export function installerLineShown(line: string): boolean {
  return !/^\s*(?:\w*Error\b|at\s|\[cause\]|cause:|\{$|\}$|code:|errno:|syscall:|hostname:)/.test(line);
}

/** The last non-empty line of a process's output, trimmed and cut to a readable length. */
export function lastLineOf(output: string): string | undefined {
  return output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .pop()
    ?.slice(0, 200);
}

/** The error code of a failed fetch, looking through undici's `cause` chain. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const value = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof value.code === 'string') return value.code;
    if (value.name === 'TimeoutError') return 'TimeoutError';
    current = value.cause;
  }
  return undefined;
}

/** What the desktop window's process said when it stopped before its ready line. */
export interface EarlyExit {
  code: number | null;
  signal: string | null;
  /** The last lines it wrote to stderr. */
  stderr: string;
}

const knownCauses: [RegExp, string][] = [
  [/error while loading shared libraries: ([^\s:]+)/, 'a system library it needs is missing ($1)'],
  [/Missing X server or \$DISPLAY|cannot open display/i, 'there is no display to open a window on'],
  [/SUID sandbox helper|No usable sandbox/i, "the OS does not allow Chromium's sandbox"],
];

/** One sentence for a desktop window that stopped during start-up, then how to use the browser instead. */
export function describeEarlyExit(exit: EarlyExit): string {
  const how = exit.signal ? `it was stopped by ${exit.signal}` : `it exited with code ${exit.code}`;
  let reason = how;
  for (const [pattern, sentence] of knownCauses) {
    const match = pattern.exec(exit.stderr);
    if (match) {
      reason = `${sentence.replace('$1', match[1] ?? '')}; ${how}`;
      break;
    }
  }
  const lastLine = lastLineOf(exit.stderr);
  const detail = reason === how && lastLine ? ` (last message: ${lastLine})` : '';
  return `The desktop window could not start: ${reason}${detail}. Open the console in your browser instead: npm run web`;
}
