import { useEffect, useState } from 'react';
import type { Progress } from '../lib/cache';

/** How long a read may take before the console shows that it is waiting (and offers Cancel). */
export const progressDelayMs = 300;

/**
 * A read on its way, said calmly: nothing for the first 300 ms (most answers come sooner, and a
 * flash of progress is noise), then what is being waited for with the seconds elapsed, and Cancel
 * when the read can be stopped in main.
 */
export function ProgressLine({ progress, label }: { progress: Progress | null; label: string }) {
  const elapsed = useElapsed(progress?.since ?? null);
  if (!progress || elapsed < progressDelayMs)
    return (
      <span className="visually-hidden" role="status" aria-busy="true">
        {label}
      </span>
    );
  const seconds = Math.floor(elapsed / 1000);
  return (
    <div className="progress-line" role="status" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span>
        {label}{' '}
        <span className="muted" aria-label={`waiting for ${seconds} seconds`}>
          {seconds} s
        </span>
      </span>
      {progress.cancel && (
        <button type="button" onClick={progress.cancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** Milliseconds since `since` (a `performance.now()` time), ticking while shown. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (since === null) return;
    const first = setTimeout(() => setNow(performance.now()), progressDelayMs);
    const tick = setInterval(() => setNow(performance.now()), 1000);
    return () => {
      clearTimeout(first);
      clearInterval(tick);
    };
  }, [since]);
  return since === null ? 0 : Math.max(0, now - since);
}
