import type { ProcessSummary, StepSummary } from '../../../src-shared/process-summary';
import type { BatchRow } from '../../../src-shared/batches';
import { currentStepOf } from '../../../src-shared/process-paths';
import { Failure } from '../failure';
import type { ReadResult } from './batch-store';
import {
  JobStopped,
  reached,
  readProcessSummary,
  retryLater,
  settled,
  stoppedRow,
  type RowContext,
  type RowResult,
} from './row-context';

/** Reads one row's process and current step, and hands what was found (or why not) to the read buffer. */
export async function readRow(context: RowContext, row: BatchRow): Promise<RowResult> {
  try {
    const process = await readProcessSummary(context, row);
    context.reads.add({ rowNo: row.rowNo, found: readResultOf(process), error: null });
    return reached;
  } catch (error) {
    if (error instanceof JobStopped) return stoppedRow;
    const again = retryLater(error, context.lane, true);
    if (again) return again;
    if (!(error instanceof Failure)) throw error;
    context.reads.add({ rowNo: row.rowNo, found: null, error: error.message });
    // The service's own answer (404, say) shows reads get through; a timeout does not.
    return error.error.status !== undefined ? reached : settled;
  }
}

/** What the table keeps of a process. */
export function readResultOf(process: ProcessSummary): ReadResult {
  const step = currentStepOf(process);
  return {
    processId: process.processId,
    externalReference: process.externalReference,
    processTypeId: process.processTypeId || null,
    processTypeName: process.processTypeName || null,
    status: process.status,
    currentStep: step && {
      stepId: step.stepId,
      name: step.name,
      kind: step.kind,
      startedOn: step.startedOn,
    },
    allocatedUser: process.allocatedUser,
    restFailed: step !== null && restCallFailed(step),
  };
}

/** A REST API step whose last recorded call failed (an error, or an answer outside 2xx). */
export function restCallFailed(step: Pick<StepSummary, 'restCall'>): boolean {
  const call = step.restCall;
  if (!call) return false;
  if (call.error !== null) return true;
  return call.response !== null && (call.response.status < 200 || call.response.status > 299);
}

/** What a read found, waiting to be committed with others. */
export interface BufferedRead {
  rowNo: number;
  found: ReadResult | null;
  error: string | null;
}

/** Collects reads and commits them together: every 200 rows or 500 ms, and when flushed. */
export interface ReadBuffer {
  add(read: BufferedRead): void;
  flush(): void;
}

/**
 * Creates the buffer of one batch's read. A commit the data folder refuses (a full disk) keeps its
 * reads for the next flush and tells `failed`, rather than throwing out of a timer.
 */
export function createReadBuffer(
  save: (reads: BufferedRead[]) => void,
  failed: (error: unknown) => void,
): ReadBuffer {
  let pending: BufferedRead[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const reads = pending;
    pending = [];
    try {
      save(reads);
    } catch (error) {
      // The transaction rolled back: none of them is half-saved, and a resume reads them again.
      pending = reads.concat(pending);
      failed(error);
    }
  };
  return {
    add(read) {
      pending.push(read);
      if (pending.length >= 200) flush();
      else timer ??= setTimeout(flush, 500);
    },
    flush,
  };
}
