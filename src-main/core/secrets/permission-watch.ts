import type { SecretStore } from './secret-store';

/**
 * A keychain call that has not answered after a few seconds is most likely waiting on the user:
 * macOS asks "allow access?" in a system prompt that stays open until answered, and a locked
 * keyring asks for its password. Such a call is not a failure: the store keeps waiting for the
 * answer and says, meanwhile, that it is waiting for permission. Only a real error is one.
 */

/** How long a keychain call may take before the console says it waits for the user. */
export const permissionPromptAfterMs = 5_000;

/** A SecretStore that can tell whether one of its calls is waiting on a system prompt. */
export interface WatchedSecretStore extends SecretStore {
  /** True while a call has been pending longer than the threshold. */
  waitingForPermission(): boolean;
}

/**
 * Wraps `inner` so calls run one at a time and calls past `thresholdMs` count as waiting for the
 * user's permission. One at a time: the keychain binding holds a thread of Node's small worker pool for as long
 * as a prompt is open, and a handful of stalled calls would leave none for file reads and DNS; it
 * also means the OS shows one prompt, not one per profile.
 */
export function watchForPermissionPrompts(
  inner: SecretStore,
  thresholdMs = permissionPromptAfterMs,
): WatchedSecretStore {
  let overdue = 0;
  let queue: Promise<unknown> = Promise.resolve();
  function watch<T>(call: () => Promise<T>): Promise<T> {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      overdue += 1;
    }, thresholdMs);
    timer.unref();
    const result = queue.then(call, call);
    queue = result.catch(() => undefined);
    return result.finally(() => {
      clearTimeout(timer);
      if (late) overdue -= 1;
    });
  }
  return {
    get: (account) => watch(() => inner.get(account)),
    set: (account, value) => watch(() => inner.set(account, value)),
    delete: (account) => watch(() => inner.delete(account)),
    waitingForPermission: () => overdue > 0,
  };
}

/** The promise's value if it settles within `ms`, else `null` (the promise keeps running). */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
