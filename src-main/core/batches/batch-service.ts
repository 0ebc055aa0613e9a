import type { BatchLine } from '../../../src-shared/batch-lines';
import type {
  BatchCreated,
  BatchPage,
  BatchProgress,
  BatchRunAnswer,
  BatchSettings,
  BatchSummary,
  RejectedLine,
} from '../../../src-shared/batches';
import type { ValidInput } from '../../../src-shared/contract';
import type { ApiClient } from '../client/api-client';
import { Failure } from '../failure';
import type { AuditLog } from '../audit/audit-log';
import type { CredentialSource, ProfileSource } from '../ports';
import { streamTableExport, type ExportFormat } from '../table-export';
import { batchExportTable, slices } from './batch-export';
import { defaultBatchName } from './batch-name';
import { createBatchJournal } from './batch-journal';
import { driveJob, type JobSpec, type RunningJob } from './batch-jobs';
import { pauseStoppedJobs } from './batch-restart';
import { askForValues, fullAction, type ConfidentialValues } from './confidential-action';
import type { BatchActionInput } from './batch-action';
import { createBatchClaims } from './batch-claims';
import { createRunSecrets } from './run-secrets';
import { checkTarget, targetOf } from './run-target';
import { queryRows, type BatchQuery } from './batch-query';
import { checkChosenRows, reviewRun } from './batch-review';
import { cancelPaused, fromDeliveries, type DeliverySource } from './batch-sources';
import { createBatchStore } from './batch-store';
import { createLane, type Lane } from './lane';

/** What the batch service is built from. */
export interface BatchServiceDependencies {
  dataDir: string;
  client: ApiClient;
  profiles: ProfileSource;
  credentials: CredentialSource;
  /** Written like a single change; read when a crashed run is settled (recover-row.ts). */
  audit: Pick<AuditLog, 'intent' | 'outcome' | 'list'>;
  /** The inbox's deliveries, for a batch made from them. */
  deliveries: DeliverySource;
  emit(progress: BatchProgress): void;
  now?: () => Date;
}

/** The batches of every profile: made, read, acted on once per row, exported. */
export type BatchService = ReturnType<typeof createBatchService>;

/** Opens the store; a job that was running when the console stopped is marked paused, to be resumed. */
export function createBatchService(deps: BatchServiceDependencies) {
  const now = deps.now ?? (() => new Date());
  const store = createBatchStore(deps.dataDir, now);
  const journal = createBatchJournal(store.db, now);
  const lanes = new Map<string, Lane>();
  const running = new Map<string, RunningJob>();
  const secrets = createRunSecrets(store, journal);
  try {
    pauseStoppedJobs(store, secrets);
  } catch (error) {
    // The file opened but cannot be written (a full disk): the caller may try again later.
    store.close();
    throw error;
  }

  const laneOf = (profileId: string) => {
    let lane = lanes.get(profileId);
    if (!lane) {
      const pace = store.pace(profileId);
      lane = createLane(pace.concurrency, pace.ratePerSecond);
      lanes.set(profileId, lane);
    }
    return lane;
  };

  const { notRunning, notPaused, stranded, ended, claiming } = createBatchClaims(store, running);

  /** Starts the stored job of a batch; credentials are asked for first, so a profile without a key fails at once. */
  async function start(batchId: string): Promise<BatchSummary> {
    const summary = store.summary(batchId);
    const stored = store.job(batchId)!;
    const profile = deps.profiles.get(summary.profileId);
    let action: BatchActionInput | null;
    let confidential: ConfidentialValues | undefined;
    try {
      // A run goes on only on the tenant it was confirmed on: the profile may have been edited since.
      if (stored.kind === 'run') checkTarget(stored.confirmedOn ?? null, profile);
      await deps.credentials.get(profile.id);
      confidential = secrets.values(batchId);
      // The stored action has its confidential values masked; memory gives them back (or this throws).
      action = stored.action && fullAction(stored.action, confidential);
    } catch (error) {
      // Nothing was sent: the job waits, paused with the reason, to be resumed or cancelled; it is
      // never left "running" with nothing behind it.
      const reason = error instanceof Failure ? error.error.message : 'The job could not start.';
      store.setJob(batchId, { ...stored, status: 'paused', reason });
      throw error;
    }
    store.setJob(batchId, { ...stored, status: 'running', reason: null, needsValues: [] });
    const context: JobSpec['context'] = {
      batchId,
      profile,
      profiles: deps.profiles,
      confirmedOn: stored.confirmedOn ?? null,
      lane: laneOf(profile.id),
      client: deps.client,
      store,
      journal,
      audit: deps.audit,
      now,
      confidential,
    };
    const job = driveJob({ kind: stored.kind, action, context, emit: deps.emit });
    running.set(batchId, job);
    void job.finished.finally(() => {
      running.delete(batchId);
      // A paused run keeps its values to resume in this session, as does one whose end could not
      // be saved (still stored as running); an ended one forgets them.
      const status = store.job(batchId)?.status;
      ended(batchId, status !== 'running');
      if (status !== 'paused' && status !== 'running') secrets.forget(batchId);
    });
    return store.summary(batchId);
  }

  return {
    store,
    journal,
    create(input: ValidInput<'batches.create'>): BatchCreated {
      const profile = deps.profiles.get(input.profileId);
      const { sorted } = input;
      let lines: BatchLine[] = sorted.lines;
      let duplicates = sorted.duplicates;
      const rejected: RejectedLine[] = [...sorted.rejected];
      if (input.deliveryIds)
        ({ lines, duplicates } = fromDeliveries(deps.deliveries, profile.id, input.deliveryIds, rejected));
      if (lines.length === 0) {
        const first = rejected.slice(0, 3).map((line) => `Line ${line.line} "${line.input}" ${line.message}`);
        throw new Failure(
          'invalid_input',
          `No line is a process id or an external reference. ${first.join(' ')}`.trim(),
        );
      }
      const name = input.name ?? defaultBatchName(lines.length, now());
      return {
        batch: store.create(profile.id, name, lines),
        accepted: lines.length,
        blankLines: sorted.blankLines,
        duplicates,
        rejected: rejected.slice(0, 1_000),
        rejectedCount: rejected.length,
      };
    },
    list: (profileId?: string) => store.list(profileId),
    get(batchId: string, query: BatchQuery): BatchPage {
      const matching = queryRows(store.rows(batchId), query, now());
      return {
        batch: store.summary(batchId),
        matching: matching.length,
        offset: query.offset,
        rows: matching.slice(query.offset, query.offset + query.limit),
      };
    },
    rename: (batchId: string, name: string) => store.rename(batchId, name),
    /** A deleted profile's batches (its tenant's data, shown nowhere after) go too; refused while one runs. */
    forgetProfile(profileId: string): void {
      const batchIds = store.list(profileId).map((batch) => batch.batchId);
      batchIds.forEach(notRunning);
      batchIds.forEach(store.delete);
      batchIds.forEach(secrets.forget);
      lanes.delete(profileId);
    },
    delete(batchId: string): void {
      notRunning(batchId);
      store.delete(batchId);
      secrets.forget(batchId);
    },
    read: (batchId: string, rows?: number[]): Promise<BatchSummary> =>
      claiming(batchId, async () => {
        notPaused(batchId);
        const { profileId, counts } = store.summary(batchId);
        if (rows) checkChosenRows(rows, counts.rows);
        await deps.credentials.get(profileId);
        const total = store.queueRead(batchId, rows);
        if (total === 0)
          throw new Failure('invalid_input', 'Every row is read already; choose the rows to read again.');
        store.setJob(batchId, { kind: 'read', status: 'running', reason: null, action: null, total });
        return start(batchId);
      }),
    /** Without `confirm`, the review; with it, the run starts (the batch claimed before any await). */
    async run(input: ValidInput<'batches.run'>): Promise<BatchRunAnswer> {
      const { batchId } = input;
      const review = () => {
        const profile = deps.profiles.get(store.summary(batchId).profileId);
        return { profile, ...reviewRun(profile, store.rows(batchId), input, journal.doneSinceRead(batchId)) };
      };
      if (input.confirm === undefined) {
        notRunning(batchId);
        notPaused(batchId);
        return review().answer;
      }
      const confirm = input.confirm;
      return claiming(batchId, async () => {
        notPaused(batchId);
        // Reviewed again under the claim: the count to confirm is main's own, of the rows as they are now.
        const { profile, rowNos, skips, check } = review();
        check(confirm);
        await deps.credentials.get(profile.id);
        store.queueRun(batchId, rowNos, skips);
        secrets.remember(batchId, input.action);
        const total = rowNos.length;
        store.setJob(batchId, {
          kind: 'run',
          status: 'running',
          reason: null,
          action: input.action,
          total,
          // The profile the count was checked against: start() and every row hold the run to it.
          confirmedOn: targetOf(profile),
        });
        return { kind: 'started', batch: await start(batchId), count: total };
      });
    },
    async pause(batchId: string): Promise<BatchSummary> {
      const job = running.get(batchId);
      if (!job) throw new Failure('conflict', 'This batch is not running, so there is nothing to pause.');
      job.stop('pause');
      await job.finished;
      return store.summary(batchId);
    },
    /**
     * Resumes a paused job. A run whose confidential values are not in memory (the console
     * restarted) stays paused and says which to give again; `fields` gives them.
     */
    resume: (batchId: string, fields?: { code: string; value: string }[]): Promise<BatchSummary> =>
      claiming(batchId, async () => {
        const stored = store.job(batchId);
        if (!stored || (stored.status !== 'paused' && !stranded(batchId)))
          throw new Failure('conflict', 'This batch is not paused, so there is nothing to resume.');
        const missing = secrets.give(batchId, fields);
        if (missing.length === 0) return start(batchId);
        const reason = askForValues(missing);
        store.setJob(batchId, { ...stored, reason, needsValues: secrets.named(batchId, missing) });
        deps.emit({
          batchId,
          profileId: store.summary(batchId).profileId,
          job: stored.kind,
          status: 'paused',
          done: stored.total - store.pendingRows(batchId, stored.kind).length,
          total: stored.total,
          ratePerSecond: 0,
          secondsLeft: null,
          reason,
        });
        return store.summary(batchId);
      }),
    async cancel(batchId: string): Promise<BatchSummary> {
      const job = running.get(batchId);
      if (job) {
        job.stop('cancel');
        await job.finished;
        return store.summary(batchId);
      }
      const stored = store.job(batchId);
      if (!stored || (stored.status !== 'paused' && !stranded(batchId)))
        throw new Failure('conflict', 'This batch is not running or paused, so there is nothing to cancel.');
      cancelPaused(store, journal, batchId, stored.kind);
      secrets.forget(batchId);
      store.setJob(batchId, { ...stored, status: 'cancelled', reason: 'Cancelled.', needsValues: [] });
      return store.summary(batchId);
    },
    exportTo(batchId: string, format: ExportFormat, path: string) {
      const rows = store.rows(batchId);
      return streamTableExport(path, format, batchExportTable, slices(rows), rows.length);
    },
    settings(input: ValidInput<'batches.settings'>): BatchSettings {
      const profile = deps.profiles.get(input.profileId);
      const pace = { ...store.pace(profile.id), ...dropUndefined(input) };
      if (input.concurrency !== undefined || input.ratePerSecond !== undefined) {
        store.setPace(pace);
        laneOf(profile.id).setPace(pace.concurrency, pace.ratePerSecond);
      }
      return pace;
    },
    /** Pauses every running job (each row in flight settles first), then closes the store. */
    async close(): Promise<void> {
      const jobs = [...running.values()];
      jobs.forEach((job) => job.stop('pause'));
      await Promise.allSettled(jobs.map((job) => job.finished));
      store.close();
    },
  };
}

function dropUndefined(input: ValidInput<'batches.settings'>): Partial<BatchSettings> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
