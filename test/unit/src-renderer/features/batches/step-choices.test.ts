import { describe, expect, it } from 'vitest';
import { stepChoices } from '../../../../../src-renderer/features/batches/step-choices';

describe('the step names a batch offers to filter on and complete', () => {
  it('lists a name once when two kinds of step share it, counting the rows of both', () => {
    const steps = [
      { name: 'Back office assessment', kind: 'Assessment', count: 40 },
      { name: 'Send to back office', kind: 'REST API', count: 30 },
      { name: 'Back office assessment', kind: 'Task', count: 5 },
      { name: 'Arrange collection', kind: 'Task', count: 30 },
    ];
    expect(stepChoices(steps)).toEqual([
      { name: 'Back office assessment', count: 45 },
      { name: 'Arrange collection', count: 30 },
      { name: 'Send to back office', count: 30 },
    ]);
  });
});
