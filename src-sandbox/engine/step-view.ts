import type { Step } from '../domain/api-types';
import type { EngineContext } from './context';

/**
 * The steps as the API returns them, each saying which field codes its branching rules read
 * (`ruleFieldCodes`, an optional extension of ours): a client completing the step can offer
 * exactly those fields. A step without rules says nothing.
 */
export function withRuleFields(
  ctx: Pick<EngineContext, 'catalog' | 'repos'>,
  processId: string,
  steps: Step[],
): Step[] {
  const processTypeId = ctx.repos.processes.get(processId)?.processTypeId;
  const type = processTypeId === undefined ? undefined : ctx.catalog.processType(processTypeId);
  if (!type) return steps;
  return steps.map((step) => {
    const rules = type.steps.find((definition) => definition.name === step.name)?.rules ?? [];
    if (rules.length === 0) return step;
    return { ...step, ruleFieldCodes: [...new Set(rules.map((rule) => rule.field))] };
  });
}

/** One step as the API returns it; see `withRuleFields`. */
export function withRuleFieldsOne(
  ctx: Pick<EngineContext, 'catalog' | 'repos'>,
  processId: string,
  step: Step | undefined,
): Step | undefined {
  return step && withRuleFields(ctx, processId, [step])[0];
}
