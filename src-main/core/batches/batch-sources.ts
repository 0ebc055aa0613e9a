import { tooManyLines, type BatchLine } from '../../../src-shared/batch-lines';
import { Failure } from '../failure';
import type { RejectedLine } from '../../../src-shared/batches';
import type { BatchJournal } from './batch-journal';
import type { BatchStore } from './batch-store';

/** Where a batch's lines come from besides text (the inbox), and how a paused run is cancelled. */

/** The inbox's deliveries as the batches read them. */
export interface DeliverySource {
  get(id: string): { profileId: string; processId: string | null; externalReference: string | null };
}

/**
 * Lines from inbox deliveries of this profile: the process id each carried, else its reference;
 * refused with the batch's sentence when they name more processes than a batch holds.
 * Repeats are counted as pasted ones are: several deliveries often carry one process, and dropping
 * them unsaid made "50 deliveries taken" a batch of 20 with no line accounted for the other 30.
 */
export function fromDeliveries(
  deliveries: DeliverySource,
  profileId: string,
  ids: string[],
  rejected: RejectedLine[],
): { lines: BatchLine[]; duplicates: number } {
  const seen = new Set<string>();
  const lines: BatchLine[] = [];
  let duplicates = 0;
  ids.forEach((id, index) => {
    let delivery;
    try {
      delivery = deliveries.get(id);
    } catch {
      rejected.push({
        line: index + 1,
        input: id,
        message: 'is not a delivery in the inbox (it may have been removed).',
      });
      return;
    }
    if (delivery.profileId !== profileId) {
      rejected.push({ line: index + 1, input: id, message: "is a delivery for another profile's inbox." });
      return;
    }
    const line: BatchLine | null = delivery.processId
      ? { input: delivery.processId, inputKind: 'processId' }
      : delivery.externalReference
        ? { input: delivery.externalReference, inputKind: 'externalReference' }
        : null;
    if (!line) {
      rejected.push({
        line: index + 1,
        input: id,
        message: 'carries neither a process id nor an external reference.',
      });
      return;
    }
    if (seen.has(line.input.toLowerCase())) {
      duplicates += 1;
      return;
    }
    seen.add(line.input.toLowerCase());
    lines.push(line);
  });
  // The contract counted deliveries; the batch's limit is on the processes they name, as for text.
  const tooMany = tooManyLines(lines.length);
  if (tooMany !== null) throw new Failure('invalid_input', tooMany);
  return { lines, duplicates };
}

/** A job cancelled (paused, or running once its rows in hand settle): queued rows are dropped; a change possibly sent before a crash is left to be checked. */
export function cancelPaused(
  store: BatchStore,
  journal: BatchJournal,
  batchId: string,
  kind: 'read' | 'run',
): void {
  if (kind === 'read') {
    store.moveReads(batchId, 'queued', 'unread');
    return;
  }
  store.moveActions(batchId, 'queued', 'cancelled', 'Cancelled before it was sent.');
  for (const rowNo of store.rowsIn(batchId, 'action_state', ['sending'])) {
    const entry = journal.unsettled(batchId, rowNo);
    if (!entry) continue;
    journal.settle(
      entry,
      'outcome unknown',
      `The console stopped while sending this change and the run was cancelled before it was read back. Open process ${entry.externalReference} (${entry.processId}) and check it before trying again.`,
    );
  }
}
