import type { CallError, Result } from '../../src-shared/result';

/** Remote data as a status union: what every remote view renders from. */
export type Remote<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: CallError };

/** Turns a call result into remote data. */
export function fromResult<T>(result: Result<T>): Remote<T> {
  return result.ok ? { status: 'ready', value: result.value } : { status: 'error', error: result.error };
}

/** The value to show while reloading: the ready value, or the previous one during a reload. */
export function currentValue<T>(remote: Remote<T>): T | undefined {
  if (remote.status === 'ready') return remote.value;
  if (remote.status === 'loading') return remote.previous;
  return undefined;
}
