import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Failure } from '../../../src-main/core/failure';
import { currentStepOf } from '../../../src-shared/process-paths';
import { assessment, completeAccepted, input, jobEnded, openReadBatch } from './helpers';
import { useBatchSandbox } from './limiter';
import { expectEachOnce } from './scenario';

/**
 * The guards around starting a run (issue 12 review): one run at a time however the calls
 * arrive, and a live run confirmed by the count it will actually send, not the rows it skips.
 */

const setup = useBatchSandbox();

/** 24 new processes; every 4th back office call fails, so 6 stay at "Send to back office". */
const forms = { forms: 24, failEvery: 4, concurrency: 4 };

/** The failure a call was refused with, as the bridge would hand it to the renderer. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Failure)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.error;
}

describe('two batches.run calls arriving together', () => {
  it('starts one run; the other is refused with a sentence; each chosen step is completed once', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      ...forms,
      dataDir: join(setup.sandbox.consoleDir, 'double'),
    });
    const { service, client, audit, profile, batchId, chosen, waiting } = console_;
    try {
      expect(waiting).toBe(18);

      const run = () =>
        service.run(input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }));
      const answers = await Promise.allSettled([run(), run()]);
      const startedRuns = answers.filter((answer) => answer.status === 'fulfilled');
      expect(startedRuns).toHaveLength(1);
      expect(startedRuns[0]!.value).toMatchObject({ kind: 'started', count: waiting });
      const refused = answers.filter((answer) => answer.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(await refusal(Promise.reject(refused[0]!.reason))).toEqual({
        code: 'conflict',
        message: 'This batch is already running a read or a run; pause or cancel it first.',
      });

      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const counts = await expectEachOnce(service, client, audit, profile.id, batchId, chosen);
      expect(counts).toEqual({ done: waiting });
      // The claim is given back when the run ends: the batch can be read again.
      await expect(service.read(batchId, chosen)).resolves.toMatchObject({ batchId });
      await jobEnded(service, batchId);
    } finally {
      await console_.close();
    }
  }, 60_000);
});

describe('the count a live run asks for', () => {
  it('is the rows that will be sent; the total with skipped rows is refused', async () => {
    // The 24 processes and one reference the service does not know (its read fails).
    const console_ = await openReadBatch(setup.sandbox, {
      ...forms,
      dataDir: join(setup.sandbox.consoleDir, 'live'),
      service: { profile: { environment: 'live' } },
      moreReferences: ['FT-999999'],
    });
    const { service, client, audit, profile, references, batchId, chosen, waiting } = console_;
    try {
      const everyRow = references.map((_, index) => index + 1);
      const ask = (confirm?: string) =>
        service.run(
          input('batches.run', {
            batchId,
            action: completeAccepted,
            rows: everyRow,
            ...(confirm === undefined ? {} : { confirm }),
          }),
        );

      const review = await ask();
      expect(review).toMatchObject({
        kind: 'review',
        count: waiting,
        skipped: [
          { reason: 'at "Send to back office"', count: 6 },
          { reason: 'read failed', count: 1 },
        ],
        sentence: `${waiting} will be sent; 7 will be skipped: 6 at "Send to back office", 1 read failed.`,
        confirmation: { what: 'number of processes', expected: String(waiting) },
      });

      const postsBefore = console_.requests.filter((entry) => entry.method === 'POST').length;
      expect(await refusal(ask(String(references.length)))).toEqual({
        code: 'invalid_input',
        message: `Type the number of processes ${waiting} exactly to confirm a change on a live tenant.`,
      });
      expect(await refusal(ask('24'))).toMatchObject({ code: 'invalid_input' });
      expect(service.store.summary(batchId).job).toMatchObject({ kind: 'read', status: 'finished' });

      await expect(ask(String(waiting))).resolves.toMatchObject({ kind: 'started', count: waiting });
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      expect(console_.requests.filter((entry) => entry.method === 'POST').length - postsBefore).toBe(waiting);
      expect(await expectEachOnce(service, client, audit, profile.id, batchId, chosen)).toEqual({
        done: waiting,
      });
      const skipped = service.store.rows(batchId).filter((row) => row.action === 'skipped');
      expect(skipped).toHaveLength(6);
      expect(skipped[0]!.actionMessage).toBe(
        `Skipped: the current step is now "Send to back office", not "${assessment}"; nothing was sent.`,
      );

      // A second completion skips the rows the first moved on (their read is stale) as well as those
      // at another step; a note leaves steps where they are, so it goes to every row that was read.
      expect(await refusal(ask())).toEqual({
        code: 'invalid_input',
        message:
          `No chosen row was read at step "${assessment}"; read the batch (or choose other rows) first. ` +
          `0 will be sent; ${waiting + 7} will be skipped: ${waiting} completed since read, 6 at "Send to back office", 1 read failed.`,
      });
      const note = { kind: 'note', contents: 'Checked by the back office team.' };
      const noted = await service.run(input('batches.run', { batchId, action: note, rows: everyRow }));
      expect(noted).toMatchObject({
        count: waiting + 6,
        sentence: `${waiting + 6} will be sent; 1 will be skipped: 1 read failed.`,
      });
    } finally {
      await console_.close();
    }
  }, 60_000);
});

describe('chosen rows the batch does not have', () => {
  it('are refused by name, for a review, a run and a re-read, and nothing is queued or sent', async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      ...forms,
      dataDir: join(setup.sandbox.consoleDir, 'rows'),
    });
    const { service, batchId, chosen, references } = console_;
    try {
      const beyond = references.length + 1;
      const sentence = `Row ${beyond} is not in this batch, which has rows 1 to ${references.length}; choose rows from the table again.`;
      const rows = [chosen[0]!, beyond];
      const review = service.run(input('batches.run', { batchId, action: completeAccepted, rows }));
      expect(await refusal(review)).toEqual({ code: 'invalid_input', message: sentence });
      const run = service.run(input('batches.run', { batchId, action: completeAccepted, rows, confirm: '' }));
      expect(await refusal(run)).toEqual({ code: 'invalid_input', message: sentence });
      expect(await refusal(service.read(batchId, rows))).toEqual({
        code: 'invalid_input',
        message: sentence,
      });
      const counts = service.store.summary(batchId).counts;
      expect(counts.action.none).toBe(references.length);
      expect(counts.read.read).toBe(references.length);
    } finally {
      await console_.close();
    }
  }, 60_000);
});

describe('the table after a completion run', () => {
  it("shows each done row's next step as the service answered it, and a second run skips them", async () => {
    const console_ = await openReadBatch(setup.sandbox, {
      ...forms,
      dataDir: join(setup.sandbox.consoleDir, 'after'),
    });
    const { service, client, profile, batchId, chosen, waiting } = console_;
    try {
      await service.run(
        input('batches.run', { batchId, action: completeAccepted, rows: chosen, confirm: '' }),
      );
      expect((await jobEnded(service, batchId)).status).toBe('finished');
      const done = service.store.rows(batchId).filter((row) => chosen.includes(row.rowNo));
      expect(done.map((row) => row.action)).toEqual(chosen.map(() => 'done'));
      for (const row of done) {
        const now = currentStepOf(await client.getProcess(profile.id, row.processId!));
        expect(row.currentStep?.name ?? null).toBe(now?.name ?? null);
        expect(row.currentStep?.name).not.toBe(assessment);
      }
      const atAssessment = service.get(
        batchId,
        input('batches.get', { batchId, limit: 1000, filter: { stepName: assessment } }),
      );
      expect(atAssessment.matching).toBe(0);
      // Until read again, a row done by this batch is not completed a second time, even if the
      // step it moved on to had the same name.
      const again = service.run(input('batches.run', { batchId, action: completeAccepted, rows: chosen }));
      expect(await refusal(again)).toEqual({
        code: 'invalid_input',
        message: `No chosen row was read at step "${assessment}"; read the batch (or choose other rows) first. 0 will be sent; ${waiting} will be skipped: ${waiting} completed since read.`,
      });
    } finally {
      await console_.close();
    }
  }, 60_000);
});
