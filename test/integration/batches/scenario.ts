import { expect } from 'vitest';
import type { ApiClient } from '../../../src-main/core/client/api-client';
import type { BatchService } from '../../../src-main/core/batches/batch-service';
import type { AuditLog } from '../../../src-main/core/audit/audit-log';
import { assessment, input, readAll, stepNames } from './helpers';

export { assessment, completeAccepted } from './helpers';

/**
 * Compares every row's outcome with the service's own state: each chosen process completed the
 * step exactly once, no row says `failed` for a change that happened, none says `done` for one
 * that did not. Returns the outcome counts.
 */
export async function expectEachOnce(
  service: BatchService,
  client: ApiClient,
  audit: AuditLog,
  profileId: string,
  batchId: string,
  chosen: number[],
) {
  const rows = service.get(batchId, input('batches.get', { batchId, limit: 1000 })).rows;
  const picked = rows.filter((row) => chosen.includes(row.rowNo));
  const processes = await readAll(
    client,
    profileId,
    picked.map((row) => row.processId!),
  );
  const succeeded = new Map<string, number>();
  for (const record of await audit.list({ action: 'step.complete' })) {
    if (record.outcome?.outcome !== 'succeeded') continue;
    const id = record.intent.processId!;
    succeeded.set(id, (succeeded.get(id) ?? 0) + 1);
  }
  const counts: Record<string, number> = {};
  picked.forEach((row, index) => {
    const process = processes[index]!;
    const names = stepNames(process);
    const completed = names.includes('Arrange collection');
    counts[row.action] = (counts[row.action] ?? 0) + 1;
    const where = `${row.externalReference} (${row.action}: ${row.actionMessage})`;
    // Never twice: the assessment and the step after it appear once each.
    expect(
      names.filter((name) => name === assessment),
      where,
    ).toHaveLength(1);
    expect(names.filter((name) => name === 'Arrange collection').length, where).toBeLessThanOrEqual(1);
    if (row.action === 'done') {
      expect(completed, where).toBe(true);
      expect(succeeded.get(process.processId), where).toBe(1);
    }
    if (row.action === 'failed') expect(completed, where).toBe(false);
    expect(['done', 'outcome unknown', 'failed'], where).toContain(row.action);
  });
  return counts;
}
