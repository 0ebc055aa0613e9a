import type { BatchCounts } from '../../../src-shared/batches';

/**
 * The step names to choose from, each once, with its rows of every kind counted: the read counts
 * steps by name and kind, and a tenant may have two kinds of step under one name, which listed
 * that name twice (the filter and a completion choose by name alone). Most rows first.
 */
export function stepChoices(steps: BatchCounts['steps']): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const step of steps) counts.set(step.name, (counts.get(step.name) ?? 0) + step.count);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
