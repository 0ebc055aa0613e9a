import type { Process } from '../../../src-shared/api';
import type { BatchRow } from '../../../src-shared/batches';
import type { ProcessSummary } from '../../../src-shared/process-summary';
import type { Profile } from '../../../src-shared/profile';
import type { ApiClient } from '../client/api-client';
import { batchReadAnswer } from '../client/answer-limits';
import { ClientFailure, isAmbiguous, isUnavailable } from '../client/client-failure';
import { maxRetryAfterSeconds } from '../client/retry';
import { Failure } from '../failure';
import type { AuditLog } from '../audit/audit-log';
import type { ProfileSource } from '../ports';
import type { BatchJournal } from './batch-journal';
import type { BatchStore } from './batch-store';
import type { ConfidentialValues } from './confidential-action';
import type { Lane } from './lane';
import type { ReadBuffer } from './read-row';
import type { RunTarget } from './run-target';

/** What a row's worker needs: where it stands, and the parts it talks to. */
export interface RowContext {
  batchId: string;
  profile: Profile;
  /** The profile as the client will read it for each call, to check before each change. */
  profiles: ProfileSource;
  /** What a run was confirmed on (null for a read, and for a run stored before it was kept). */
  confirmedOn: RunTarget | null;
  lane: Lane;
  client: ApiClient;
  store: BatchStore;
  journal: BatchJournal;
  /** Written like a single change; read when a crashed run is settled (recover-row.ts). */
  audit: Pick<AuditLog, 'intent' | 'outcome' | 'list'>;
  now: () => Date;
  /** Where reads go before they are committed together. */
  reads: ReadBuffer;
  /** The run's confidential field values by code: in memory only, never in the database. */
  confidential: ConfidentialValues;
  /** Aborted when the job stops (Pause, Cancel, or a pause of its own): nothing more is sent. */
  stop: AbortSignal;
}

/**
 * The job stopped while this row waited for its turn to send (a rate token, a 429's hold): the
 * row is left as it was, and nothing is sent for it.
 */
export class JobStopped extends Error {
  constructor() {
    super('The job stopped before this row was sent.');
    this.name = 'JobStopped';
  }
}

/** Waits for the lane to allow one more request; throws {@link JobStopped} if the job stops first. */
export async function takeTurn(context: Pick<RowContext, 'lane' | 'stop'>): Promise<void> {
  if (!(await context.lane.take(1, context.stop))) throw new JobStopped();
}

/**
 * A row's end for this pass: settled (its state is committed; `outage` when a gateway answered
 * its change, which counts toward pausing the job), to be tried again later because nothing
 * reached the service (refused connection, 502-504), the service asked to slow down (429), the
 * profile's key is gone or refused, or the profile no longer names what the run was confirmed on
 * (moved); or left queued because the job was stopped before anything was sent for it.
 */
export type RowResult =
  | { kind: 'settled'; outage?: string; reached?: true }
  | { kind: 'again'; why: 'outage' | 'busy' | 'credentials' | 'moved'; message: string }
  /** The service asked to wait longer than the console waits on its own (`seconds`). */
  | { kind: 'again'; why: 'later'; message: string; seconds: number }
  | { kind: 'stopped' };

export const settled: RowResult = { kind: 'settled' };
/** Settled on the service's own answer to what the job does (a read; a run's change): the way there works. */
export const reached: RowResult = { kind: 'settled', reached: true };
export const stoppedRow: RowResult = { kind: 'stopped' };

/**
 * A failure that proves a change never reached the service (connection refused, host not found),
 * any network failure or 502/503/504 of a read (reading twice is harmless), or the service saying
 * "slow down": the row is tried again, nothing is marked failed for it.
 */
export function retryLater(error: unknown, lane: Lane, isRead = false): RowResult | null {
  if (!(error instanceof Failure)) return null;
  // The profile's key removed (or the keychain locked) mid-job, or refused (401): nothing was done,
  // and every row left would fail within a second with the same sentence. The job pauses instead.
  if (error.error.code === 'unauthorized' || error.error.code === 'keychain_unavailable') {
    return { kind: 'again', why: 'credentials', message: error.message };
  }
  if (error.error.status === 429) {
    const seconds = error instanceof ClientFailure ? (error.retryAfterSeconds ?? 1) : 1;
    // At least a second: a Retry-After of 0 or a date already past would have the row tried
    // again at once and given up within milliseconds, however long the service stays limited.
    lane.holdFor(Math.min(Math.max(seconds, 1), maxRetryAfterSeconds) * 1000);
    // Longer than the client waits for: the job pauses saying when to come back, rather than
    // asking again every 30 s (a request per row in progress each time) while the service said no.
    if (seconds > maxRetryAfterSeconds)
      return { kind: 'again', why: 'later', message: error.message, seconds };
    return { kind: 'again', why: 'busy', message: error.message };
  }
  // A read a gateway or a service down for maintenance refused counts as a refused connection:
  // the job pauses itself after a few in a row, rather than failing every row. A change one
  // refused is not sent again on the client's word that nothing was made (run-row.ts).
  const outage = error.error.code === 'network' || (isRead && isUnavailable(error));
  if (outage && (isRead || !isAmbiguous(error))) {
    return { kind: 'again', why: 'outage', message: error.message };
  }
  return null;
}

/**
 * Reads a row's process by its id once known, else by what the line said: before a run's change,
 * or to read one back after the console stopped. The process may quote the run's confidential
 * values in a field the tenant does not mark (the change made, or one made by hand before), so
 * the request log masks them as in the change's own answer.
 */
export async function readProcess(context: RowContext, row: BatchRow): Promise<Process> {
  await takeTurn(context);
  const id = row.processId ?? (row.inputKind === 'processId' ? row.input : null);
  const confidentialValues = [...context.confidential.values()];
  // Capped as a batch's reads are: a run reads up to 32 processes at once too.
  const options = { answerLimit: batchReadAnswer, signal: context.stop, confidentialValues };
  const process = await untilJobStops(
    context,
    id !== null
      ? context.client.getProcess(context.profile.id, id, options)
      : context.client.getProcessByReference(context.profile.id, row.input, options),
  );
  return theRowsOwn(row, id, process);
}

/** {@link readProcess} for a row's read: only what the batch keeps of the process is validated. */
export async function readProcessSummary(context: RowContext, row: BatchRow): Promise<ProcessSummary> {
  await takeTurn(context);
  const id = row.processId ?? (row.inputKind === 'processId' ? row.input : null);
  const process = await untilJobStops(
    context,
    context.client.getProcessSummary(
      context.profile.id,
      id !== null ? { processId: id } : { externalReference: row.input },
      { signal: context.stop },
    ),
  );
  return theRowsOwn(row, id, process);
}

/**
 * `read`, which the job's stop cancels: in flight, or waiting between the client's tries (a
 * Retry-After of up to 30 s) where Pause neither stopped it nor answered. Stopped, it throws
 * {@link JobStopped}: the row is left as it was, to be read on Resume.
 */
async function untilJobStops<T>(context: Pick<RowContext, 'stop'>, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (context.stop.aborted) throw new JobStopped();
    throw error;
  }
}

/**
 * The answer, when it is about the process the row asked for. A confused gateway or cache may
 * answer one process's read with another's: taken as the row's, the table showed that other
 * process and a run sent its change there (a process the batch never named) while the row said
 * done. It fails the row instead; nothing is sent on it.
 */
function theRowsOwn<P extends Pick<ProcessSummary, 'processId' | 'externalReference'>>(
  row: BatchRow,
  id: string | null,
  process: P,
): P {
  const asked = id ?? row.input;
  const answered = id !== null ? process.processId : process.externalReference;
  if (answered.toLowerCase() === asked.toLowerCase()) return process;
  throw new Failure(
    'bad_response',
    `The service answered the read of ${id !== null ? 'process' : 'external reference'} ${asked} with another process ` +
      `(${process.externalReference}, ${process.processId}), so the console took nothing from it. Read it again; ` +
      'if it keeps happening, something between the console and the service (a gateway or cache) mixes up answers.',
  );
}

/** The sentence of a failure; a bug's details stay in the log. */
export function sentenceOf(error: unknown): string {
  return error instanceof Failure
    ? error.message
    : 'The console failed unexpectedly; the details are in its log.';
}
