import type { NeededValue } from '../../../src-shared/batches';
import type { BatchJournal } from './batch-journal';
import type { BatchStore } from './batch-store';
import {
  codesOf,
  confidentialCodesOf,
  confidentialValuesOf,
  missingCodes,
  valuesFromResume,
  type ConfidentialValues,
} from './confidential-action';
import type { BatchActionInput } from './batch-action';

/** The confidential values of each batch's run, in main-process memory only (confidential-action.ts). */
export type RunSecrets = ReturnType<typeof createRunSecrets>;

/** Creates the memory; it starts empty, so a run stored before a restart has to be given its values again. */
export function createRunSecrets(store: BatchStore, journal: BatchJournal) {
  const memory = new Map<string, ConfidentialValues>();

  /**
   * The actions a resumed run may send: its own and those of changes journaled but not settled
   * (possibly of an earlier run), each with confidential values only memory can give back.
   */
  function actionsToResume(batchId: string): BatchActionInput[] {
    const stored = store.job(batchId);
    if (stored?.kind !== 'run' || !stored.action) return [];
    const open = journal.all(batchId).filter((line) => line.outcome === null);
    return [stored.action, ...open.map((line) => line.action)];
  }

  const missing = (batchId: string, known: ConfidentialValues | undefined) => [
    ...new Set(actionsToResume(batchId).flatMap((action) => missingCodes(action, known))),
  ];

  return {
    /** Keeps the values of a run being started. */
    remember(batchId: string, action: BatchActionInput): void {
      memory.set(batchId, confidentialValuesOf(action));
    },
    /** The values known for a batch's run (empty when none). */
    values: (batchId: string): ConfidentialValues => memory.get(batchId) ?? new Map(),
    /** The codes whose values a resume of the batch would lack. */
    missing: (batchId: string) => missing(batchId, memory.get(batchId)),
    /** The missing `codes` with the names the run's fields give them, for the form that asks again. */
    named(batchId: string, codes: readonly string[]): NeededValue[] {
      const names = new Map<string, string>();
      for (const action of actionsToResume(batchId)) {
        if (action.kind === 'complete') action.fields.forEach((f) => names.set(f.code, f.name));
      }
      return codes.map((code) => ({ code, name: names.get(code) ?? code }));
    },
    /**
     * Takes the values given to `batches.resume` (validated by the contract; checked here
     * against the run's fields) and answers the codes still missing; with none missing, the
     * values are kept for the run.
     */
    give(batchId: string, fields: readonly { code: string; value: string }[] | undefined): string[] {
      const known = new Map(memory.get(batchId) ?? []);
      if (fields) {
        const actions = actionsToResume(batchId);
        const needed = [...new Set(actions.flatMap(confidentialCodesOf))];
        valuesFromResume(new Set(actions.flatMap(codesOf)), needed, fields).forEach((value, code) =>
          known.set(code, value),
        );
      }
      const still = missing(batchId, known);
      if (still.length === 0) memory.set(batchId, known);
      return still;
    },
    forget(batchId: string): void {
      memory.delete(batchId);
    },
  };
}
