import type { BatchProcessType, BatchRow } from '../../../src-shared/batches';

/**
 * The process types of the read rows waiting at `stepName` (only `rowNos` when given), most rows
 * first. Field presets belong to one process type and step, so a batch completion offers them only
 * when its rows are of one type.
 */
export function processTypesAt(
  rows: readonly BatchRow[],
  stepName: string,
  rowNos?: readonly number[],
): BatchProcessType[] {
  const chosen = rowNos ? new Set(rowNos) : null;
  const byType = new Map<string, BatchProcessType>();
  for (const row of rows) {
    if (row.read !== 'read' || row.currentStep?.name !== stepName || row.processTypeId === null) continue;
    if (chosen && !chosen.has(row.rowNo)) continue;
    const type = byType.get(row.processTypeId) ?? {
      processTypeId: row.processTypeId,
      processTypeName: row.processTypeName,
      count: 0,
    };
    type.count += 1;
    byType.set(row.processTypeId, type);
  }
  return [...byType.values()].sort((a, b) => b.count - a.count);
}
