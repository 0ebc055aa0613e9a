import type { LiveConfirmation } from './live-confirmation';

/**
 * What the batch calls answer (calls-batches.ts declares them): a batch is a named list of process
 * ids or external references for one profile, read row by row and then acted on once per row.
 */

/** Where a row's read stands: not asked, waiting in a read, read, or the read failed (see `readError`). */
export type RowReadState = 'unread' | 'queued' | 'read' | 'failed';

/**
 * Where a row's change stands. `sending` means its intent is in the batch's journal and its
 * outcome is not: after a crash such a row is read back, never sent blindly again.
 */
export type RowActionState =
  'none' | 'queued' | 'sending' | 'done' | 'skipped' | 'failed' | 'outcome unknown' | 'cancelled';

/** The step a process waits at, as the batch read it. */
export interface BatchStep {
  stepId: string;
  name: string;
  kind: string;
  startedOn: string | null;
}

/** One line of a batch and what is known about its process. */
export interface BatchRow {
  /** 1-based, in the order the lines were given (after blanks, duplicates and bad lines were dropped). */
  rowNo: number;
  input: string;
  /** Whether `input` is a process id (GUID) or an external reference. */
  inputKind: 'processId' | 'externalReference';
  processId: string | null;
  externalReference: string | null;
  /** The process type, so a completion can offer that type's field presets. */
  processTypeId: string | null;
  processTypeName: string | null;
  status: string | null;
  currentStep: BatchStep | null;
  allocatedUser: string | null;
  /** The current step is a REST API step whose last call failed. */
  restFailed: boolean;
  read: RowReadState;
  readError: string | null;
  readAt: string | null;
  action: RowActionState;
  /** The service's sentence for `failed`, the reason for `skipped`, what to check for `outcome unknown`. */
  actionMessage: string | null;
}

/** What a batch is doing: nothing, or a read or a run, with its state. */
export type BatchJob =
  | { kind: 'idle' }
  | {
      kind: 'read' | 'run';
      status: 'running' | 'paused' | 'cancelled' | 'finished';
      /** Why it paused or stopped, as a sentence; null when running or finished normally. */
      reason: string | null;
      /** For a run: what it does. */
      action: BatchActionSummary | null;
      /**
       * A paused run's confidential fields whose values are no longer in memory (the console
       * restarted): `batches.resume` needs them as `fields`. Empty otherwise.
       */
      needsValues: NeededValue[];
    };

/** A confidential field a run has to be given again, named as the run's action names it. */
export interface NeededValue {
  code: string;
  name: string;
}

/** How many read rows at a step are of one process type (for the step's field presets). */
export interface BatchProcessType {
  processTypeId: string;
  processTypeName: string | null;
  count: number;
}

/** A run's action in words, for lists and the progress bar. */
export interface BatchActionSummary {
  kind: 'note' | 'complete';
  /** e.g. 'Complete "Back office assessment"' or 'Add a note'. */
  title: string;
}

/** How many rows are in each state. */
export interface BatchCounts {
  rows: number;
  read: Record<RowReadState, number>;
  action: Record<RowActionState, number>;
  /** Rows read whose current REST API step failed. */
  restFailed: number;
  /** Rows per current step name, for the step filter's choices. */
  steps: { name: string; kind: string; count: number }[];
}

/** A batch as lists show it. */
export interface BatchSummary {
  batchId: string;
  profileId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  counts: BatchCounts;
  job: BatchJob;
}

/** A line refused when the batch was made. */
export interface RejectedLine {
  /** 1-based line of what was given. */
  line: number;
  input: string;
  message: string;
}

/** What making a batch did with what it was given. */
export interface BatchCreated {
  batch: BatchSummary;
  accepted: number;
  blankLines: number;
  duplicates: number;
  /** Every bad line (at most the first 1,000 listed; `rejectedCount` has them all). */
  rejected: RejectedLine[];
  rejectedCount: number;
}

/** One page of a batch's table. */
export interface BatchPage {
  batch: BatchSummary;
  /** Rows that pass the filter, all pages together. */
  matching: number;
  offset: number;
  rows: BatchRow[];
}

/** How fast a profile's batches may go. */
export interface BatchSettings {
  profileId: string;
  /** Rows worked on at once for this profile, 1 to 32 (default 8). */
  concurrency: number;
  /** Requests per second to this profile's service (default 20). */
  ratePerSecond: number;
}

/** The exact request a run sends, shown for one row before anything is sent. */
export interface BatchRequestPreview {
  method: string;
  path: string;
  /** Headers the change adds to auth and content type: the Idempotency-Key, one per row. */
  headers: Record<string, string>;
  /** The JSON body exactly as sent, confidential values masked. */
  body: unknown;
  /** The row the preview is for. */
  externalReference: string | null;
}

/** How many chosen rows a run skips for one reason, e.g. `{reason: 'read failed', count: 2}`. */
export interface BatchSkipCount {
  reason: string;
  count: number;
}

/** The answer to `batches.run`: the review (without `confirm`) or the run started. */
export type BatchRunAnswer =
  | {
      kind: 'review';
      action: BatchActionSummary;
      /** Rows the change will be sent to: the count a live profile asks to be typed. */
      count: number;
      /** Chosen rows known to be skipped, by reason. */
      skipped: BatchSkipCount[];
      /** "N will be sent; M will be skipped: <reasons by count>." */
      sentence: string;
      profileName: string;
      environment: 'test' | 'live';
      request: BatchRequestPreview;
      /** What to type on a live profile; null on a test profile. */
      confirmation: LiveConfirmation | null;
    }
  | { kind: 'started'; batch: BatchSummary; count: number };

/** The `batch.progress` event: a read or run moved on, paused, or ended. */
export interface BatchProgress {
  batchId: string;
  profileId: string;
  job: 'read' | 'run';
  status: 'running' | 'paused' | 'cancelled' | 'finished';
  done: number;
  total: number;
  /** Rows per second over the last few seconds. */
  ratePerSecond: number;
  /** Estimated from the rate; null when it cannot be told yet. */
  secondsLeft: number | null;
  reason: string | null;
}
