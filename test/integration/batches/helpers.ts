import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createAuditLog, type AuditLog } from '../../../src-main/core/audit/audit-log';
import { createApiClient, type ApiClient } from '../../../src-main/core/client/api-client';
import { createBatchService, type BatchService } from '../../../src-main/core/batches/batch-service';
import type { CredentialSource, RequestRecorder } from '../../../src-main/core/ports';
import { startSandbox } from '../../../src-sandbox/server';
import type { Process } from '../../../src-shared/api';
import type { BatchProgress } from '../../../src-shared/batches';
import type { ProfileInput } from '../../../src-shared/profile';
import { calls, type ValidInput } from '../../../src-shared/contract';
import { describeIssues } from '../../../src-shared/input-errors';
import { waitFor } from '../../support/wait-for';
import { makePorts, makeProfile } from '../../unit/src-main/core/client/helpers';

/** The step the batches complete, and the field they complete it with. */
export const assessment = 'Back office assessment';
export const completeAccepted = {
  kind: 'complete',
  stepName: assessment,
  fields: [{ name: 'Outcome', code: 'OUTCOME', value: 'Accepted', fieldId: '{processId}' }],
};

/** What the back office answers: 500 for a process whose form said so, else a case reference. */
export const failingAnswer = 'the back office will fail this one';

/**
 * The reference service with a back office behind its REST API step, an API key, and an empty
 * data folder for the consoles under test (removed with the rest by `stop`).
 */
export async function startBatchSandbox() {
  const backOffice = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const fails = text.includes(failingAnswer);
      res.writeHead(fails ? 500 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(fails ? { message: 'The back office failed.' } : { caseReference: 'BO-1' }));
    });
  });
  await new Promise<void>((resolve) => backOffice.listen(0, '127.0.0.1', resolve));
  const outboundUrl = `http://127.0.0.1:${(backOffice.address() as AddressInfo).port}/cases`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-sandbox-'));
  const sandbox = await startSandbox({ dataDir, port: 0, host: '127.0.0.1', quiet: true, outboundUrl });
  const key = await sandbox.createApiKey('batch-tests');
  const consoleDir = mkdtempSync(join(tmpdir(), 'pc-batch-console-'));
  return {
    url: sandbox.url.replace(/\/+$/, ''),
    port: sandbox.port,
    key,
    consoleDir,
    async stop() {
      await sandbox.close();
      await new Promise((resolve) => backOffice.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(consoleDir, { recursive: true, force: true });
    },
  };
}

export type BatchSandbox = Awaited<ReturnType<typeof startBatchSandbox>>;

/** Runs `work` on each item, `concurrency` at a time. */
export async function eachLimited<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Starts `count` processes through the fly-tipping form; every `failEvery`th one's back office call fails. */
export async function submitForms(url: string, count: number, failEvery = 4) {
  return eachLimited(
    Array.from({ length: count }, (_, n) => n),
    8,
    async (n) => {
      const fails = n % failEvery === 0;
      const answer = await request(`${url}/forms/report-fly-tipping/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          answers: { FirstName: `Batch ${n}`, RequestSpecifics: fails ? failingAnswer : 'A sofa' },
        }),
      });
      if (answer.statusCode !== 201) throw new Error(`form submission answered ${answer.statusCode}`);
      return (await answer.body.json()) as { processId: string; externalReference: string };
    },
  );
}

/** A batch service on `dataDir` with a real audit log, a profile on `baseUrl` and in-memory credentials. */
export function openService(
  dataDir: string,
  baseUrl: string,
  key: BatchSandbox['key'],
  options: {
    profileId?: string;
    /** Profile settings besides name, key and timeouts (environment, proxy). */
    profile?: Partial<ProfileInput>;
    credentials?: CredentialSource;
    /** Where the client records its requests; by default every entry is kept in `requests`. */
    recorder?: RequestRecorder;
    onProgress?: (p: BatchProgress) => void;
    /** What the batches get as their client instead of the real one (to stand for a bug in it). */
    wrapClient?: (client: ApiClient) => ApiClient;
    /** The batches' clock, for a test that needs a known time. */
    now?: () => Date;
  } = {},
) {
  const profile = makeProfile(baseUrl, {
    name: 'Batch tenant',
    keyName: key.name,
    ...(options.profileId ? { id: options.profileId } : {}),
    ...options.profile,
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyIdleMs: 5_000, overallMs: 8_000 },
  });
  const ports = makePorts([profile], { apiKey: key.apiKey, apiSecret: key.apiSecret });
  const audit: AuditLog = createAuditLog(dataDir);
  const credentials = options.credentials ?? ports.credentials;
  const recorder = options.recorder ?? ports.recorder;
  const client: ApiClient = createApiClient({ ...ports, recorder, credentials, audit, readBackDelayMs: 50 });
  const service: BatchService = createBatchService({
    dataDir,
    client: options.wrapClient ? options.wrapClient(client) : client,
    profiles: ports.profiles,
    credentials,
    audit,
    deliveries: {
      get: () => {
        throw new Error('no inbox in these tests');
      },
    },
    emit: (progress) => options.onProgress?.(progress),
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    profile,
    client,
    service,
    audit,
    /** Every request the console's client sent, as its request log recorded it. */
    requests: ports.requests,
    /** The profiles by id as main reads them for each call: set one to edit it under a batch. */
    profiles: ports.byId,
    async close() {
      await service.close();
      await client.close();
      audit.close();
    },
  };
}

/** The contract's validated input for `batches.create`, or the sentence it refuses with. */
export function createInput(input: Record<string, unknown>) {
  const parsed = calls['batches.create'].input.safeParse(input);
  if (!parsed.success) return { ok: false as const, message: describeIssues(parsed.error.issues, input) };
  return { ok: true as const, value: parsed.data };
}

/** The contract's validated input for another batch call (throws on bad input). */
export function input<N extends 'batches.run' | 'batches.get'>(
  name: N,
  raw: Record<string, unknown>,
): ValidInput<N> {
  return calls[name].input.parse(raw) as ValidInput<N>;
}

/** Waits until the batch's job is no longer running. */
export function jobEnded(service: BatchService, batchId: string, timeoutMs = 60_000) {
  return waitFor(
    () => {
      const job = service.store.job(batchId);
      return job && job.status !== 'running' ? job : undefined;
    },
    { what: `batch ${batchId} to stop running`, timeoutMs, intervalMs: 25 },
  );
}

/** Every process, read directly through the API client (the service's own state). */
export function readAll(client: ApiClient, profileId: string, processIds: string[]): Promise<Process[]> {
  return eachLimited(processIds, 16, (id) => client.getProcess(profileId, id));
}

/** Waits until every process's REST API step has been called and recorded. */
export async function restStepsSettled(client: ApiClient, profileId: string, processIds: string[]) {
  await waitFor(
    async () => {
      const processes = await readAll(client, profileId, processIds);
      return processes.every(
        (p) => p.steps[0]?.completedOn !== null || (p.steps[0]?.restCall ?? null) !== null,
      );
    },
    { what: 'every REST API step to be called', timeoutMs: 30_000, intervalMs: 500 },
  );
}

/** What {@link openReadBatch} starts, and the console it opens to read them. */
export interface ReadBatchOptions {
  /** How many processes the form starts, and every how many a back office call fails (see submitForms). */
  forms: number;
  failEvery?: number;
  /** Rows sent at once; the rate is set far above what a test reaches. */
  concurrency: number;
  /** The console's data folder; the sandbox's `consoleDir` when not given. */
  dataDir?: string;
  /** Where the console sends its requests when not straight to the sandbox (a faulty proxy). */
  baseUrl?: string;
  /** openService's options: a live profile, a proxy, a profile id. */
  service?: Parameters<typeof openService>[3];
  /** Lines the batch holds after the started processes' references (one the service does not know). */
  moreReferences?: string[];
  /** Called once the REST steps have settled, just before the batch is read (to turn faults on). */
  beforeRead?: () => void;
}

/**
 * The opening most batch tests share: start processes through the form, wait for their REST steps,
 * open a console, make a batch of their references and read it. Returns the open console (the
 * caller closes it) with the batch, the rows waiting at the assessment (`chosen`) and their count.
 */
export async function openReadBatch(sandbox: BatchSandbox, options: ReadBatchOptions) {
  const baseUrl = options.baseUrl ?? sandbox.url;
  const console_ = openService(options.dataDir ?? sandbox.consoleDir, baseUrl, sandbox.key, options.service);
  try {
    const { service, client, profile } = console_;
    service.settings({ profileId: profile.id, concurrency: options.concurrency, ratePerSecond: 1000 });
    const started = await submitForms(sandbox.url, options.forms, options.failEvery);
    await restStepsSettled(
      client,
      profile.id,
      started.map((p) => p.processId),
    );
    options.beforeRead?.();
    const references = [...started.map((p) => p.externalReference), ...(options.moreReferences ?? [])];
    const made = createInput({ profileId: profile.id, text: references.join('\n') });
    if (!made.ok) throw new Error(made.message);
    const { batchId } = service.create(made.value).batch;
    await service.read(batchId);
    const read = await jobEnded(service, batchId);
    if (read.status !== 'finished') throw new Error(`The batch's read ended ${read.status}: ${read.reason}`);
    const page = service.get(
      batchId,
      input('batches.get', { batchId, limit: 1000, filter: { stepName: assessment } }),
    );
    const chosen = page.rows.map((row) => row.rowNo);
    return { ...console_, started, references, batchId, chosen, waiting: chosen.length };
  } catch (error) {
    await console_.close();
    throw error;
  }
}

/** The step names of a process, in order. */
export function stepNames(process: Process): string[] {
  return process.steps.map((step) => step.name);
}

/**
 * Caps a console's batch database at the pages it has now (`pages` null) or at `pages`: a write
 * that needs a new page then fails with SQLITE_FULL, "database or disk is full", as on a full disk.
 */
export function capDatabase(service: BatchService, pages: number | null): void {
  const { db } = service.store;
  const now = Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
  db.exec(`PRAGMA max_page_count = ${pages ?? now}`);
}
