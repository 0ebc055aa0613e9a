import type { Core } from '../core/create-core';

/**
 * The reads running now that the renderer gave a `requestId`, per core: `requests.cancel` aborts
 * one of them. Kept by the bridge layer, so no handler has to know about cancelling.
 */
export interface ReadCancels {
  /** Registers a read; the returned signal aborts on cancel; call `done` when it ends. */
  start(requestId: string): { signal: AbortSignal; done: () => void };
  /** Aborts the read; false when no read has that id (it has ended, or never was). */
  cancel(requestId: string): boolean;
}

const byCore = new WeakMap<Core, ReadCancels>();

/** The registry of `core`'s running reads, made on first use. */
export function readCancels(core: Core): ReadCancels {
  let registry = byCore.get(core);
  if (!registry) {
    registry = createReadCancels();
    byCore.set(core, registry);
  }
  return registry;
}

/** A registry in memory: the console is one process, and a read lives no longer than its call. */
export function createReadCancels(): ReadCancels {
  const running = new Map<string, AbortController>();
  return {
    start(requestId) {
      // A reused id cancels nothing of the earlier read: the newest one owns the id.
      const controller = new AbortController();
      running.set(requestId, controller);
      return {
        signal: controller.signal,
        done: () => {
          if (running.get(requestId) === controller) running.delete(requestId);
        },
      };
    },
    cancel(requestId) {
      const controller = running.get(requestId);
      if (!controller) return false;
      running.delete(requestId);
      controller.abort();
      return true;
    },
  };
}
