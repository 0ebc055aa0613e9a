import type { SandboxStatus } from '../../src-shared/contract';

/**
 * What the app shell says about the embedded reference service. The desktop window opens before
 * the service has started (its start may wait on a keychain prompt), so the renderer learns of it
 * from `sandbox.changed` and says meanwhile that it is starting, and why it may take a while.
 */

/** The sentence shown while the embedded service starts. */
export const startingSentence = 'Starting the local reference service…';

/** The line to show for `status`: what kind, and its sentences; null when there is nothing to say. */
export function sandboxStatusLine(
  status: SandboxStatus | undefined,
): { kind: 'starting' | 'failed'; sentences: string[] } | null {
  if (status?.state === 'starting')
    return { kind: 'starting', sentences: [startingSentence, ...(status.message ? [status.message] : [])] };
  if (status?.state === 'failed' && status.message) return { kind: 'failed', sentences: [status.message] };
  return null;
}

/**
 * True when the profiles must be asked for again: the start this renderer saw has ended, so the
 * embedded profile exists now, with its key (or the reason it has none).
 */
export function startEnded(previous: SandboxStatus | undefined, next: SandboxStatus): boolean {
  return previous?.state === 'starting' && next.state !== 'starting';
}
