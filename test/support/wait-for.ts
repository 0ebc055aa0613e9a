/** How long {@link waitFor} polls, and what it says it waited for when it gives up. */
export interface WaitOptions {
  /** A phrase that completes "Timed out after N ms waiting for ...", e.g. "the writer's 10th record". */
  what: string;
  /** Default 10 s. */
  timeoutMs?: number;
  /** Default 10 ms. */
  intervalMs?: number;
}

/**
 * Polls `condition` until it returns something other than `undefined`, `null` or `false`, and
 * resolves with that. Use it instead of a fixed sleep: wait on what can be seen (a file's content,
 * a line of output, an answer), and fail with a sentence naming it. A condition that throws is
 * retried until the deadline, then its last error is quoted.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { what, timeoutMs = 10_000, intervalMs = 10 }: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== null && value !== false) return value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError === undefined ? '' : ` (last attempt threw: ${String(lastError)})`;
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    // The poll interval, not a wait on the behaviour: the condition above is what is awaited.
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
