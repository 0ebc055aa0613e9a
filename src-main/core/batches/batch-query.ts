import type { BatchRow } from '../../../src-shared/batches';
import type { ValidInput } from '../../../src-shared/contract';
import { serviceTimeMs } from '../../../src-shared/service-time';

/** A table query as the contract validated it. */
export type BatchQuery = Omit<ValidInput<'batches.get'>, 'batchId'>;

/** The rows that pass the filter, sorted; a batch has at most 10,000 rows, so this is done in memory. */
export function queryRows(rows: BatchRow[], query: BatchQuery, now: Date): BatchRow[] {
  const { filter, sort } = query;
  const text = filter.text?.toLowerCase();
  const olderThan =
    filter.waitingLongerThanHours === undefined
      ? undefined
      : now.getTime() - filter.waitingLongerThanHours * 3_600_000;
  const matching = rows.filter((row) => {
    if (filter.stepName !== undefined && row.currentStep?.name !== filter.stepName) return false;
    if (filter.kind !== undefined && row.currentStep?.kind !== filter.kind) return false;
    if (filter.restFailed !== undefined && row.restFailed !== filter.restFailed) return false;
    if (filter.readFailed !== undefined && (row.read === 'failed') !== filter.readFailed) return false;
    if (filter.action !== undefined && row.action !== filter.action) return false;
    if (olderThan !== undefined) {
      const started = serviceTimeMs(row.currentStep?.startedOn);
      if (started === null || started > olderThan) return false;
    }
    if (text !== undefined) {
      const haystack = [
        row.input,
        row.externalReference,
        row.processTypeName,
        row.currentStep?.name,
        row.allocatedUser,
      ];
      if (!haystack.some((value) => value?.toLowerCase().includes(text))) return false;
    }
    return true;
  });
  const key = sortKey(sort.by);
  const direction = sort.direction === 'desc' ? -1 : 1;
  return matching.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    // Empty cells go last in either direction; ties keep row order.
    if (x === null || y === null) return x === y ? a.rowNo - b.rowNo : x === null ? 1 : -1;
    if (x < y) return -direction;
    if (x > y) return direction;
    return a.rowNo - b.rowNo;
  });
}

function sortKey(by: BatchQuery['sort']['by']): (row: BatchRow) => string | number | null {
  switch (by) {
    case 'rowNo':
      return (row) => row.rowNo;
    case 'stepName':
      return (row) => row.currentStep?.name ?? null;
    case 'waitingSince':
      return (row) => serviceTimeMs(row.currentStep?.startedOn);
    case 'input':
    case 'externalReference':
    case 'processTypeName':
    case 'status':
    case 'allocatedUser':
    case 'read':
    case 'action':
      return (row) => row[by]?.toLowerCase() ?? null;
  }
}
