import type { ReactNode } from 'react';
import type { Remote } from '../lib/remote';
import { CallError } from './call-error';

/**
 * Renders the four states of remote data the same way everywhere: loading, error (Retry as
 * {@link CallError} decides; every read is safe to ask again), empty and ready.
 */
export function RemoteView<T>({
  remote,
  onRetry,
  isEmpty,
  empty,
  label,
  children,
}: {
  remote: Remote<T>;
  onRetry?: () => void;
  isEmpty?: (value: T) => boolean;
  empty?: ReactNode;
  label: string;
  children: (value: T) => ReactNode;
}) {
  if (remote.status === 'idle') return null;
  if (remote.status === 'loading') {
    // The same tree as when ready: a wrapper here would remount the children on every refresh,
    // losing what the user was typing, an open review and a table's scroll.
    if (remote.previous !== undefined) return <>{children(remote.previous)}</>;
    return (
      <p className="muted" role="status" aria-busy="true">
        Loading {label}…
      </p>
    );
  }
  if (remote.status === 'error') {
    return <CallError error={remote.error} onRetry={onRetry} />;
  }
  if (isEmpty?.(remote.value)) return <p className="muted empty">{empty ?? `No ${label}.`}</p>;
  return <>{children(remote.value)}</>;
}
