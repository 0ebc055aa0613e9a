import type { RestCall } from '../domain/api-types';
import type { ChangeScope } from './context';
import { completeStep } from './process-engine';
import { mapResponse } from './response-mapping';

/**
 * Records a REST API step's call on the step and acts on it: a 2xx completes the step with the
 * fields its response mapping yields and moves the process on; anything else leaves the step
 * current and allocates the process to the step's failure user. If someone completed the step
 * by hand meanwhile, the call is still recorded but moves nothing.
 */
export function applyRestOutcome(
  scope: ChangeScope,
  stepId: string,
  call: RestCall,
): 'succeeded' | 'failed' | 'stale' {
  const { repos } = scope;
  const step = repos.steps.get(stepId);
  if (!step || step.kind !== 'RestApi') return 'stale';
  const ok = call.error === null && call.response !== null;
  repos.steps.recordRestCall(stepId, ok ? 'succeeded' : 'failed', call);
  if (step.completedOn !== null) return 'stale';
  const process = repos.processes.get(step.processId)!;
  const rest = scope.catalog.processType(process.processTypeId)!.steps[step.definitionIndex]!.rest!;
  if (!ok) {
    repos.processes.update({ ...process, allocatedUser: rest.failureUser });
    return 'failed';
  }
  completeStep(scope, step.processId, stepId, mapResponse(rest.responseMapping, call.response?.body));
  return 'succeeded';
}
