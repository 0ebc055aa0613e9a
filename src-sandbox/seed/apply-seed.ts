import { randomBytes } from 'node:crypto';
import type { RestCall } from '../domain/api-types';
import { isoDate, type Clock } from '../domain/clock';
import { catalogFrom } from '../engine/catalog';
import type { ChangeScope } from '../engine/context';
import { addNote, completeStep, createProcess, enterFirstStep, toField } from '../engine/process-engine';
import { applyRestOutcome } from '../engine/rest-outcome';
import { buildOutboundRequest } from '../engine/rest-payload';
import { submitForm } from '../forms/form-submission';
import { hashSecret } from '../security/secret-hash';
import type { Db } from '../storage/db';
import type { Repos } from '../storage/repos';
import { transaction } from '../storage/sqlite';
import { SeedError } from './load-seed';
import type { Seed, SeedHistoryEvent, SeedProcess } from './seed-schema';

const minutesBetweenEvents = 17;
const historyUrl = 'https://back-office.example/api/service-requests';

/**
 * Fills a new data folder from a seed in one transaction: catalog, staff (with generated
 * passwords, returned once, stored hashed) and demo processes replayed through the real engine.
 * Returns undefined, changing nothing, when the folder already holds a seed.
 * Seeded REST API calls are recorded history, not made; a REST step the history leaves current
 * and uncalled stays "not yet called" for the start-up sweep.
 */
export function applySeed(
  db: Db,
  repos: Repos,
  seed: Seed,
  clock: Clock,
): Record<string, string> | undefined {
  const passwords: Record<string, string> = {};
  // IMMEDIATE takes the write lock first, so two processes opening one new folder seed it once.
  const seeded = transaction(db, () => {
    if (repos.catalog.meta('seeded_on') !== undefined) return false;
    seed.processTypes.forEach((type) => repos.catalog.addProcessType(type));
    seed.forms.forEach((form) => repos.catalog.addForm(form));
    seed.staff.groups.forEach((group) => repos.staff.addGroup(group.name, group.permissions));
    for (const user of seed.staff.users) {
      const password = randomBytes(15).toString('base64url');
      repos.staff.addUser(user.userName, user.displayName, hashSecret(password), user.groups);
      passwords[user.userName] = password;
    }
    const seedTime = clock().getTime();
    let now = seedTime;
    const scope: ChangeScope = {
      repos,
      catalog: catalogFrom(seed.processTypes, seed.forms),
      clock: () => new Date(now),
      restStepsToRun: [],
    };
    seed.processes.forEach((process, index) => {
      now = seedTime - process.minutesAgo * 60_000;
      const processId = startSeedProcess(scope, process);
      process.history.forEach((event, eventIndex) => {
        now = Math.min(now + minutesBetweenEvents * 60_000, seedTime);
        replay(scope, processId, event, `processes[${index}].history[${eventIndex}]`);
      });
    });
    repos.catalog.setMeta('seed_name', seed.name);
    repos.catalog.setMeta('seeded_on', isoDate(clock()));
    return true;
  });
  return seeded ? passwords : undefined;
}

function startSeedProcess(scope: ChangeScope, process: SeedProcess): string {
  if (process.form !== undefined) {
    const form = scope.catalog.form(process.form)!;
    return submitForm(scope, form, { answers: process.answers ?? {}, account: process.accounts[0] })
      .processId;
  }
  const record = createProcess(scope, {
    processTypeId: process.processTypeId,
    accounts: process.accounts,
    fields: process.fields.map(toField),
    notes: [],
    author: process.startedBy,
  });
  enterFirstStep(scope, record);
  return record.processId;
}

function replay(scope: ChangeScope, processId: string, event: SeedHistoryEvent, where: string): void {
  const current = scope.repos.steps.currentRecord(processId);
  if ('note' in event) {
    addNote(scope, processId, event.note, event.note.author);
  } else if ('complete' in event) {
    if (!current) throw new SeedError(`${where}: the process has no current step to complete.`);
    completeStep(scope, processId, current.stepId, event.complete.fields.map(toField));
  } else {
    if (current?.kind !== 'RestApi')
      throw new SeedError(`${where}: the current step is not a REST API step.`);
    const outbound = buildOutboundRequest(scope, current, { defaultTimeoutMs: 10_000 });
    const { status, body, error } = event.restCall;
    const ok = status !== undefined && status >= 200 && status < 300;
    const call: RestCall = {
      request: {
        method: outbound.method,
        url: event.restCall.url ?? outbound.url ?? historyUrl,
        headers: outbound.recordedHeaders,
        body: outbound.body,
      },
      response:
        status === undefined
          ? null
          : { status, headers: { 'content-type': 'application/json' }, body: body ?? null },
      error: error ?? (ok ? null : `The receiver answered HTTP ${status}; the step stays current.`),
      at: isoDate(scope.clock()),
    };
    applyRestOutcome(scope, current.stepId, call);
  }
}
