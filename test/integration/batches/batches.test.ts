import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInput,
  input,
  jobEnded,
  openService,
  readAll,
  restStepsSettled,
  startBatchSandbox,
  stepNames,
  submitForms,
  type BatchSandbox,
} from './helpers';

const assessment = 'Back office assessment';
const accepted = { name: 'Outcome', code: 'OUTCOME', value: 'Accepted', fieldId: '{processId}' };

let sandbox: BatchSandbox;
let dataDir: string;
let started: { processId: string; externalReference: string }[];
let console_: ReturnType<typeof openService>;

beforeAll(async () => {
  sandbox = await startBatchSandbox();
  dataDir = mkdtempSync(join(tmpdir(), 'pc-batches-'));
  console_ = openService(dataDir, sandbox.url, sandbox.key);
  console_.service.settings({ profileId: console_.profile.id, concurrency: 8, ratePerSecond: 1000 });
  started = await submitForms(sandbox.url, 500);
  await restStepsSettled(
    console_.client,
    console_.profile.id,
    started.map((p) => p.processId),
  );
}, 60_000);

afterAll(async () => {
  await console_?.close();
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a batch of 500 processes', () => {
  it('is made from pasted references, read, filtered, completed once each and exported', async () => {
    const { service, client, profile, audit } = console_;
    const references = started.map((p) => p.externalReference);
    const bad = Array.from({ length: 20 }, (_, n) => `not a reference ${n}!`);
    const repeated = references
      .slice(0, 30)
      .map((reference) => ` ${reference.toLowerCase() === reference ? reference : reference} `);
    // Lines, commas and tabs mixed, as a paste from a spreadsheet or a mail would be.
    const text = [
      references.slice(0, 250).join('\n'),
      references.slice(250).join(','),
      bad.join('\t'),
      repeated.join('\r\n'),
      '',
      '',
    ].join('\n');
    const made = createInput({ profileId: profile.id, name: 'Stuck since Monday', text });
    expect(made.ok).toBe(true);
    const created = service.create(made.ok ? made.value : (undefined as never));
    expect(created).toMatchObject({ accepted: 500, duplicates: 30, rejectedCount: 20 });
    expect(created.blankLines).toBeGreaterThanOrEqual(2);
    expect(created.rejected[0]!.message).toMatch(/neither a process id \(GUID\) nor an external reference/);
    expect(created.rejected.map((line) => line.input)).toEqual(bad);
    const { batchId } = created.batch;

    await service.read(batchId);
    const read = await jobEnded(service, batchId);
    expect(read.status).toBe('finished');
    expect(service.store.summary(batchId).counts.read).toMatchObject({ read: 500, failed: 0 });

    // The service's own state: which processes wait at the assessment.
    const truth = await readAll(
      client,
      profile.id,
      started.map((p) => p.processId),
    );
    const waiting = new Set(
      truth.filter((p) => p.steps.at(-1)!.name === assessment).map((p) => p.externalReference),
    );
    expect(waiting.size).toBeGreaterThan(300);
    const page = service.get(
      batchId,
      input('batches.get', { batchId, limit: 1000, filter: { stepName: assessment } }),
    );
    expect(new Set(page.rows.map((row) => row.externalReference))).toEqual(waiting);
    const failedRest = service.get(
      batchId,
      input('batches.get', { batchId, limit: 1000, filter: { restFailed: true } }),
    );
    expect(failedRest.matching).toBe(500 - waiting.size);
    expect(failedRest.rows.every((row) => row.currentStep?.name === 'Send to back office')).toBe(true);

    const action = { kind: 'complete', stepName: assessment, fields: [accepted] };
    const review = await service.run(input('batches.run', { batchId, action }));
    expect(review).toMatchObject({
      kind: 'review',
      count: waiting.size,
      environment: 'test',
      confirmation: null,
    });
    if (review.kind !== 'review') throw new Error('expected a review');
    expect(review.request.method).toBe('POST');
    expect(review.request.path).toMatch(
      /^\/open-api\/processes\/[0-9a-f-]{36}\/steps\/[0-9a-f-]{36}\/complete$/,
    );
    const firstId = review.request.path.split('/')[3];
    expect(review.request.body).toEqual({
      fields: [expect.objectContaining({ code: 'OUTCOME', value: 'Accepted', fieldId: firstId })],
    });

    // Every row, chosen: the ones not at the assessment are skipped with the reason.
    const everyRow = Array.from({ length: 500 }, (_, n) => n + 1);
    const sentBefore = console_.requests.length;
    await service.run(input('batches.run', { batchId, action, rows: everyRow, confirm: '' }));
    expect((await jobEnded(service, batchId)).status).toBe('finished');
    // Two requests a completed row (the read that checks the step, the POST); none for a row the
    // review already knew to be at another step (it is skipped without being sent to).
    const sent = console_.requests.slice(sentBefore);
    expect(sent.filter((entry) => entry.method === 'POST')).toHaveLength(waiting.size);
    expect(sent).toHaveLength(2 * waiting.size);
    const rows = service.get(batchId, input('batches.get', { batchId, limit: 1000 })).rows;

    const after = new Map(
      (
        await readAll(
          client,
          profile.id,
          started.map((p) => p.processId),
        )
      ).map((p) => [p.externalReference, p]),
    );
    for (const row of rows) {
      const process = after.get(row.externalReference!)!;
      if (waiting.has(row.externalReference!)) {
        expect(row.action, `${row.externalReference}: ${row.actionMessage}`).toBe('done');
        expect(stepNames(process)).toEqual(['Send to back office', assessment, 'Arrange collection']);
        expect(process.fields.find((field) => field.code === 'OUTCOME')?.fieldId).toBe(process.processId);
      } else {
        expect(row.action).toBe('skipped');
        expect(row.actionMessage).toMatch(
          /the current step is now "Send to back office", not "Back office assessment"; nothing was sent/,
        );
        expect(stepNames(process)).toEqual(['Send to back office']);
      }
    }
    const records = await audit.list({ action: 'step.complete' });
    expect(records).toHaveLength(waiting.size);
    expect(records.every((record) => record.outcome?.outcome === 'succeeded')).toBe(true);

    const exported = await service.exportTo(batchId, 'csv', join(dataDir, 'batch.csv'));
    expect(exported.count).toBe(500);
    const csv = readFileSync(exported.path, 'utf8').split('\r\n');
    // Excel reads UTF-8 only after a byte order mark.
    expect(csv[0]).toMatch(/^\uFEFFrow,input,processId,externalReference,/);
    expect(
      csv.filter((line) => line.includes(',done,Completed; the current step is now "Arrange collection".')),
    ).toHaveLength(0);
    expect(
      csv.filter((line) =>
        line.includes(',done,"Completed; the current step is now ""Arrange collection""."'),
      ),
    ).toHaveLength(waiting.size);
    const jsonl = await service.exportTo(batchId, 'jsonl', join(dataDir, 'batch.jsonl'));
    const first = JSON.parse(readFileSync(jsonl.path, 'utf8').split('\n')[0]!);
    expect(first).toMatchObject({ rowNo: 1, input: references[0], read: 'read' });
  }, 60_000);
});
