import type { WriteQueue } from '../storage/write-queue';
import type { ChangeScope, EngineContext } from './context';

/** Runs one change in its own transaction and resolves after it is durably committed. */
export type ChangeRunner = <T>(change: (scope: ChangeScope) => T) => Promise<T>;

/**
 * Wraps the write queue so that REST API steps made current by a change are started only after
 * that change commits: a crash in between leaves them visibly "not yet called" for the sweep.
 */
export function createChangeRunner(
  ctx: EngineContext,
  writer: WriteQueue,
  runRestSteps: (stepIds: string[]) => void,
): ChangeRunner {
  return async <T>(change: (scope: ChangeScope) => T): Promise<T> => {
    const scope: ChangeScope = { ...ctx, restStepsToRun: [] };
    const result = await writer.run(() => {
      scope.restStepsToRun = [];
      return change(scope);
    });
    if (scope.restStepsToRun.length > 0) runRestSteps(scope.restStepsToRun);
    return result;
  };
}
