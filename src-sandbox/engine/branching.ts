import type { BranchRule, ProcessTypeDefinition } from '../seed/seed-schema';

/** Reads a field's value by code; undefined when the process has no such field. */
export type FieldLookup = (code: string) => string | undefined;

/**
 * Where a process goes after the step at `index` completes: the first rule that matches the
 * fields wins; else the step's `endsProcess` completes the process; else the next step in order;
 * else (last step) the process completes. Returns the next step's index, or null to complete.
 */
export function nextStepIndex(
  type: ProcessTypeDefinition,
  index: number,
  valueOf: FieldLookup,
): number | null {
  const step = type.steps[index];
  if (!step) return null;
  for (const rule of step.rules) {
    if (ruleMatches(rule, valueOf(rule.field))) {
      const target = type.steps.findIndex((candidate) => candidate.name === rule.goTo);
      if (target >= 0) return target;
    }
  }
  if (step.endsProcess) return null;
  return index + 1 < type.steps.length ? index + 1 : null;
}

/**
 * Values compare exactly (case and spaces count), as a back office's codes do; a missing field
 * counts as empty, so it is not equal to any non-empty value.
 */
export function ruleMatches(rule: BranchRule, value: string | undefined): boolean {
  const actual = value ?? '';
  switch (rule.operator) {
    case 'equals':
      return actual === rule.value;
    case 'notEquals':
      return actual !== rule.value;
    case 'isEmpty':
      return actual.trim() === '';
  }
}
