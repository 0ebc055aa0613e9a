import type { Process } from '../../../src-shared/api';
import type { AuditIntent, AuditOutcome, AuditRecord } from '../../../src-shared/logs';
import type { AuditLog } from '../audit/audit-log';
import { Failure } from '../failure';
import type { ApiClient } from './api-client';
import { completionFound, noteFound } from './change-found';

/**
 * Settles the single changes a console stopped during (killed, crashed, power lost): their intent
 * is in the audit but their outcome never was, and nothing else would ever settle them (a batch
 * settles its own rows from its journal). Each is read back, as a batch row is, and what was found
 * is recorded as its outcome: done, not applied, or still unknown and why. Nothing is ever sent.
 */

/** What settling needs from the rest of core. */
export interface InterruptedChangesDependencies {
  audit: Pick<AuditLog, 'page' | 'outcome'>;
  client: Pick<ApiClient, 'getProcess' | 'getProcessByReference'>;
  now: () => Date;
  log: (line: string) => void;
}

/** Settles interrupted changes at start and when their process is opened. */
export interface InterruptedChanges {
  /** Reads back every open change of these profiles; a profile it cannot read stays open for later. */
  settleAtStart(profileIds: readonly string[]): Promise<void>;
  /** Settles the open changes of a process just read, with that read (no request of its own for a step or note). */
  settleOpened(profileId: string, process: Process): Promise<void>;
  /** Resolves when no settling is running (core waits for it before closing the audit). */
  idle(): Promise<void>;
}

/** What a read-back decided for one interrupted change. */
interface Found {
  outcome: AuditOutcome['outcome'];
  message: string;
  processId: string | null;
  externalReference?: string | null;
}

const stopped = 'The console stopped before the answer to this change came';

/** Creates the settler; changes audited from `startedAt` on belong to this console's own run. */
export function createInterruptedChanges(
  deps: InterruptedChangesDependencies,
  startedAt: Date = deps.now(),
): InterruptedChanges {
  // An intent audited before this console started cannot be in flight in it.
  const before = new Date(startedAt.getTime() - 1).toISOString();
  /** Action ids being settled now, so the start and an open never record one change twice. */
  const settling = new Set<string>();
  const running = new Set<Promise<void>>();

  async function openRecords(profileId: string, processId?: string): Promise<AuditRecord[]> {
    const records: AuditRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await deps.audit.page({
        profileId,
        outcome: 'pending',
        to: before,
        ...(processId !== undefined ? { processId } : {}),
        ...(cursor !== undefined ? { cursor } : {}),
      });
      records.push(...page.records);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return records.filter((record) => record.outcome === null && !settling.has(record.intent.actionId));
  }

  async function settle(record: AuditRecord, read: (intent: AuditIntent) => Promise<Found>): Promise<void> {
    const { intent } = record;
    settling.add(intent.actionId);
    try {
      let found: Found;
      try {
        found = await read(intent);
      } catch (error) {
        // Unread (no key yet, the service unreachable): it stays open, and is read again on the
        // next start or when its process is opened.
        const reason = error instanceof Failure ? error.message : String(error);
        deps.log(
          `change ${intent.actionId} (${intent.action}) stays unsettled: reading it back failed: ${reason}`,
        );
        return;
      }
      await deps.audit.outcome({
        kind: 'outcome',
        actionId: intent.actionId,
        at: deps.now().toISOString(),
        outcome: found.outcome,
        status: null,
        errorCode: found.outcome === 'unknown' ? 'outcome_unknown' : null,
        message: found.message,
        attempts: 0,
        processId: found.processId,
        ...(found.externalReference !== undefined ? { externalReference: found.externalReference } : {}),
      });
    } finally {
      settling.delete(intent.actionId);
    }
  }

  function track(work: Promise<void>): Promise<void> {
    const done = work.catch((error: unknown) =>
      deps.log(`settling interrupted changes failed: ${String(error)}`),
    );
    running.add(done);
    void done.finally(() => running.delete(done));
    return done;
  }

  return {
    settleAtStart: (profileIds) =>
      track(
        (async () => {
          for (const profileId of profileIds) {
            for (const record of await openRecords(profileId)) {
              await settle(record, (intent) => readBack(deps.client, profileId, intent));
            }
          }
        })(),
      ),
    settleOpened: (profileId, process) =>
      track(
        (async () => {
          // A start the console stopped during names the process by its reference only.
          const byReference = process.externalReference
            ? await openRecords(profileId, process.externalReference)
            : [];
          const records = new Map(
            [...(await openRecords(profileId, process.processId)), ...byReference].map((record) => [
              record.intent.actionId,
              record,
            ]),
          );
          for (const record of records.values()) {
            await settle(record, (intent) => readBack(deps.client, profileId, intent, process));
          }
        })(),
      ),
    async idle() {
      await Promise.all(running);
    },
  };
}

/** Reads the service back for one interrupted change; throws when it cannot be read. */
async function readBack(
  client: InterruptedChangesDependencies['client'],
  profileId: string,
  intent: AuditIntent,
  readJustNow?: Process,
): Promise<Found> {
  if (intent.action === 'process.start') return startFound(client, profileId, intent);
  if (intent.processId === null)
    return unknown(intent, null, 'nothing to read, as the change does not name its process');
  const process =
    readJustNow && readJustNow.processId.toLowerCase() === intent.processId.toLowerCase()
      ? readJustNow
      : await client.getProcess(profileId, intent.processId);
  const where = `process ${process.externalReference || process.processId}`;
  if (intent.action === 'step.complete') {
    // Confidential values are masked in the audit: only the others can be compared.
    const sent = intent.fields.filter((field) => !field.confidential);
    const found = completionFound(process, intent.stepId ?? '', sent);
    if (found.state === 'done')
      return done(
        process.processId,
        `step "${intent.stepName}" of ${where} complete with the fields it sent`,
      );
    if (found.state === 'not-done')
      return notApplied(process.processId, `step "${intent.stepName}" of ${where} still current`);
    return unknown(intent, process.processId, found.description);
  }
  // The notes the process had before the first send died with the console, so a note with the
  // same words by this key may be an earlier one: only its absence proves anything.
  const contents = intent.note?.contents ?? '';
  const found = noteFound(process, new Set(), contents, intent.keyName);
  if (found.state === 'not-done') return notApplied(process.processId, `no note with its words on ${where}`);
  const by = found.state === 'done' ? `by "${intent.keyName}"` : found.description;
  return unknown(
    intent,
    process.processId,
    `a note with its words on ${where} (${by}), which cannot be told apart from an earlier note with the same words`,
  );
}

async function startFound(
  client: InterruptedChangesDependencies['client'],
  profileId: string,
  intent: AuditIntent,
): Promise<Found> {
  const reference = intent.externalReference;
  if (reference === null) {
    return unknown(
      intent,
      null,
      'nothing it could look up, as the process was started without an external reference',
    );
  }
  let process: Process;
  try {
    process = await client.getProcessByReference(profileId, reference);
  } catch (error) {
    if (error instanceof Failure && error.error.code === 'not_found')
      return notApplied(null, `no process with reference ${reference}`);
    throw error;
  }
  if (
    intent.processTypeId !== null &&
    process.processTypeId.toLowerCase() !== intent.processTypeId.toLowerCase()
  )
    return unknown(
      intent,
      process.processId,
      `process ${reference} of another type (${process.processTypeId})`,
    );
  return { ...done(process.processId, `process ${reference}`), externalReference: process.externalReference };
}

function done(processId: string, what: string): Found {
  return {
    outcome: 'succeeded',
    processId,
    message: `Succeeded (found after the console restarted): ${stopped}; reading it back found ${what}. Nothing was sent again.`,
  };
}

function notApplied(processId: string | null, what: string): Found {
  return {
    outcome: 'failed',
    processId,
    message: `Not applied (found after the console restarted): ${stopped}; reading it back found ${what}. Nothing was sent again: make the change again if it is still wanted.`,
  };
}

function unknown(intent: AuditIntent, processId: string | null, what: string): Found {
  return {
    outcome: 'unknown',
    processId: processId ?? intent.processId,
    message: `Still unknown after the console restarted: ${stopped}, and reading it back found ${what}. Look at the process before making it again.`,
  };
}
